/**
 * Phone numbers (decision 0403): one rule for every form. French numbers (06 12 34 56 78,
 * +33 6 12 34 56 78, 0033…) and international ones (+44 20 7946 0958) are accepted; they are
 * stored in E.164 (+33612345678), the form SMS and e-signature providers take. Overseas French
 * numbers typed nationally get their own country code (0696 … → +596 696 …). Rows stored earlier
 * (bare 0612345678, spaced 06 12 34 56 78) read through the same functions and are rewritten to
 * E.164 when next saved.
 */

/** National prefixes of the overseas départements, which have their own country codes. */
const OVERSEAS_PREFIXES: ReadonlyArray<{ code: string; prefixes: readonly string[] }> = [
  { code: '590', prefixes: ['0590', '0690', '0691'] }, // Guadeloupe, Saint-Martin, Saint-Barthélemy
  { code: '594', prefixes: ['0594', '0694'] }, // Guyane
  { code: '596', prefixes: ['0596', '0696', '0697'] }, // Martinique
  { code: '262', prefixes: ['0262', '0263', '0692', '0693', '0269', '0639'] }, // La Réunion, Mayotte
];
const FRENCH_CODES = ['33', ...OVERSEAS_PREFIXES.map((o) => o.code)];

export const PHONE_MESSAGES = {
  empty: 'Le numéro de téléphone est obligatoire.',
  invalid: "Le numéro de téléphone n'est pas valide (ex. : 06 12 34 56 78 ou +44 20 7946 0958).",
  french: "Le numéro français n'est pas valide (ex. : 06 12 34 56 78).",
} as const;
export type PhoneProblem = keyof typeof PHONE_MESSAGES;
/** The codes the web translates, one per problem (the same in every form). */
export const PHONE_CODES: Record<PhoneProblem, string> = { empty: 'PHONE_REQUIRED', invalid: 'PHONE_INVALID', french: 'PHONE_FRENCH_INVALID' };

/** Spaces, dots, dashes and brackets removed; 00 becomes +. */
function compact(value: string): string {
  const digits = value.trim().replace(/[\s\u00a0.\-()]/g, '');
  return digits.startsWith('00') ? `+${digits.slice(2)}` : digits;
}

/** 0XXXXXXXXX → E.164 with the right French country code. */
function nationalToE164(national: string): string {
  const overseas = OVERSEAS_PREFIXES.find((o) => o.prefixes.some((p) => national.startsWith(p)));
  return `+${overseas ? overseas.code : '33'}${national.slice(1)}`;
}

/** Why a phone number is refused, or null when it is one. */
export function phoneProblem(value: string | null | undefined): PhoneProblem | null {
  const v = (value ?? '').trim();
  if (!v) return 'empty';
  if (!/^[+\d\s\u00a0.\-()]+$/.test(v)) return 'invalid';
  const n = compact(v);
  if (/^0[1-9]\d{8}$/.test(n)) return null;
  const french = FRENCH_CODES.find((code) => n.startsWith(`+${code}`));
  if (french) return new RegExp(`^\\+${french}[1-9]\\d{8}$`).test(n) ? null : 'french';
  return /^\+[1-9]\d{7,14}$/.test(n) ? null : 'invalid';
}

/** The French message for a refused number, or null. */
export function checkPhone(value: string | null | undefined): string | null {
  const problem = phoneProblem(value);
  return problem ? PHONE_MESSAGES[problem] : null;
}

/** The stored form, E.164 (+33612345678); throws on a number `phoneProblem` refuses. */
export function normalizePhone(value: string): string {
  if (phoneProblem(value)) throw new RangeError(`Numéro de téléphone invalide : ${value}`);
  const n = compact(value);
  return n.startsWith('+') ? n : nationalToE164(n);
}

/**
 * Display: French numbers (metropolitan and overseas) as 06 12 34 56 78, others in E.164. Reads any
 * stored form, old rows included; what it cannot read is shown as stored.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  if (phoneProblem(value)) return value;
  const e164 = normalizePhone(value);
  const code = FRENCH_CODES.find((c) => e164.startsWith(`+${c}`) && e164.length === c.length + 10);
  if (code) {
    const national = `0${e164.slice(code.length + 1)}`;
    // A +33 number with an overseas prefix (or the reverse) is shown as typed: it is not a French national number.
    if (nationalToE164(national) === e164) return national.replace(/(\d{2})(?=\d)/g, '$1 ');
  }
  return e164;
}
