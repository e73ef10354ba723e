import { addDays, compareCalendarDates, isNonWorkingDay, type CalendarDate } from './calendar';

/**
 * SEPA direct debit (prélèvement SEPA Core, decision 1223): the IBAN's check, the creditor
 * identifier (ICS), the mandate reference (RUM) and the date a debit may be taken once the client
 * was told of it (pré-notification).
 */

/** The countries of the SEPA scheme and the length of their IBAN (EPC409, ISO 13616 registry). */
export const SEPA_IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27, GB: 22, GI: 23, GR: 27,
  HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24,
  SE: 24, SI: 19, SK: 24, SM: 27, VA: 22,
}; // prettier-ignore

/** Letters and digits only, upper case: the form checked and stored. */
export const compactIban = (value: string): string => value.replace(/[\s\-.]+/g, '').toUpperCase();

function mod97(alphanumeric: string): number {
  let rest = 0;
  for (const c of alphanumeric) {
    const n = c >= 'A' && c <= 'Z' ? String(c.charCodeAt(0) - 55) : c;
    for (const d of n) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

/** Why an IBAN is refused: its shape, a country outside SEPA, its length for that country, or its check digits (mod 97). */
export type IbanProblem = 'format' | 'not_sepa' | 'length' | 'checksum';

/** What is wrong with an IBAN, or null when it is a valid IBAN of a SEPA country. */
export function ibanProblem(value: string): IbanProblem | null {
  const iban = compactIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(iban)) return 'format';
  const length = SEPA_IBAN_LENGTHS[iban.slice(0, 2)];
  if (!length) return 'not_sepa';
  if (iban.length !== length) return 'length';
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1 ? null : 'checksum';
}

/** The last four characters, all a screen or a mail ever shows of an IBAN (« FR76 •••• 0189 »). */
export const ibanLast4 = (value: string): string => compactIban(value).slice(-4);

/**
 * A SEPA creditor identifier (ICS): country, two check digits computed like an IBAN's over the
 * national identifier followed by the country and « 00 », a business code (« ZZZ » by default) and
 * the national identifier.
 */
export function sepaCreditorIdentifier(country: string, nationalId: string, businessCode = 'ZZZ'): string {
  const check = 98 - mod97(`${nationalId}${country}00`);
  return `${country}${String(check).padStart(2, '0')}${businessCode}${nationalId}`;
}

/** Whether a creditor identifier's check digits are right (the business code is not part of them). */
export function isValidCreditorIdentifier(value: string): boolean {
  const ics = compactIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(ics)) return false;
  return mod97(`${ics.slice(7)}${ics.slice(0, 4)}`) === 1;
}

/** The mandate reference (RUM, at most 35 characters): the contract and the mandate's rank on it. */
export const mandateReference = (quoteId: number, rank: number): string => `OUV-D${quoteId}-M${rank}`;

/**
 * How long before a debit the client is told of it (decision 1223): the SEPA Core rulebook's
 * 14 calendar days, which apply unless the mandate agrees another delay — ours agrees none.
 */
export const SEPA_PRENOTIFICATION_DAYS = 14;

/**
 * The day a milestone invoice is debited: never before the invoice's due date, never less than
 * the pre-notification delay after the notice (`today`), and a working day (a debit date on a
 * week-end or a public holiday moves to the next working day, as banks settle them).
 */
export function sepaDebitDate(today: CalendarDate, dueDate: CalendarDate): CalendarDate {
  const earliest = addDays(today, SEPA_PRENOTIFICATION_DAYS);
  let day = compareCalendarDates(dueDate, earliest) > 0 ? dueDate : earliest;
  while (isNonWorkingDay(day)) day = addDays(day, 1);
  return day;
}

/** Why a debit was rejected (R-transactions), as the web translates them (`payments.failure.<code>`). */
export const SEPA_DEBIT_FAILURES = ['insufficient_funds', 'mandate_revoked', 'debit_failed'] as const;
export type SepaDebitFailure = (typeof SEPA_DEBIT_FAILURES)[number];
