/**
 * Structured creditor reference (ISO 11649, « référence structurée du créancier », RF reference):
 * « RF » + two check digits + 1 to 21 letters or digits. The check digits make the whole string,
 * with « RF00 » moved to the end and letters read as numbers (A = 10 … Z = 35), equal to 1 modulo 97
 * (the IBAN's rule). Banks carry it in SEPA transfers (`RmtInf/Strd/CdtrRefInf/Ref`), so a payment
 * can be matched to its invoice without reading free text (decision 0731).
 */

export const RF_BODY_MAX = 21;

/** Letters and digits only, upper case: the form compared and stored. */
export function compactReference(value: string): string {
  return value.replace(/[\s\-./]+/g, '').toUpperCase();
}

function mod97(alphanumeric: string): number {
  let rest = 0;
  for (const c of alphanumeric) {
    const n = c >= 'A' && c <= 'Z' ? String(c.charCodeAt(0) - 55) : c;
    for (const d of n) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

/** `RFkk` + body; throws on a body that is empty, too long or not alphanumeric (a programming error). */
export function createCreditorReference(body: string): string {
  const b = compactReference(body);
  if (!/^[A-Z0-9]{1,21}$/.test(b)) throw new Error(`Corps de référence RF invalide : « ${body} »`);
  const check = 98 - mod97(`${b}RF00`);
  return `RF${String(check).padStart(2, '0')}${b}`;
}

/** Whether `value` (spaces allowed, any case) is a valid RF creditor reference. */
export function isValidCreditorReference(value: string): boolean {
  const r = compactReference(value);
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(r)) return false;
  if (r.slice(2, 4) === '00' || r.slice(2, 4) === '01' || r.slice(2, 4) === '99') return false;
  return mod97(r.slice(4) + r.slice(0, 4)) === 1;
}

/** Printed form: groups of four, « RF18 5390 0754 7034 ». */
export function formatCreditorReference(value: string): string {
  return compactReference(value)
    .replace(/(.{4})/g, '$1 ')
    .trim();
}

/**
 * The reference of one invoice: its number's letters and digits (unique per issuer, readable:
 * F-2026-0007 → F20260007) then « X » and the invoice's database id (unique on the platform), so
 * two issuers' F-2026-0001 never share a reference. The id is read back from the last « X » (ids
 * are digits only); a long number keeps its end (the sequence), the id is never cut.
 */
export function invoiceCreditorReference(invoice: { id: number; number: string }): string {
  if (!Number.isSafeInteger(invoice.id) || invoice.id <= 0) throw new Error(`Identifiant de facture invalide : ${invoice.id}`);
  const id = String(invoice.id);
  const room = RF_BODY_MAX - id.length - 1;
  const number = compactReference(invoice.number).replace(/[^A-Z0-9]/g, '');
  return createCreditorReference(`${room > 0 ? number.slice(-room) : ''}X${id}`);
}

/** The invoice id an RF reference of ours names, or null when it is not a valid one of ours. */
export function invoiceIdOfReference(value: string): number | null {
  if (!isValidCreditorReference(value)) return null;
  const body = compactReference(value).slice(4);
  const match = /X(\d{1,16})$/.exec(body);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 && String(id) === match[1] ? id : null;
}

/** The RF references possibly written in free text (a bank statement's label), compacted, valid ones only. */
export function findCreditorReferences(text: string): string[] {
  const found = new Set<string>();
  const upper = text.toUpperCase();
  // Written with or without spaces in groups of four: take « RF » then up to 23 letters/digits/spaces.
  for (const m of upper.matchAll(/RF\s?\d{2}(?:\s?[A-Z0-9]){1,21}/g)) {
    const compact = compactReference(m[0]);
    // The match may swallow the next word: keep every valid prefix (the caller checks each against
    // the invoice it names, so a prefix valid by chance names nothing).
    for (let end = compact.length; end >= 5; end -= 1) if (isValidCreditorReference(compact.slice(0, end))) found.add(compact.slice(0, end));
  }
  return [...found];
}
