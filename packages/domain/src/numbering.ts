/**
 * Document numbers (decision 0402): `PREFIX-YYYY-NNNN` — a prefix per series, the Paris year of
 * issue, a sequence per (issuer, series, year) of at least 4 digits that grows past 9999
 * (F-2026-0001 … F-2026-9999, F-2026-10000). Chronological, unique and without gaps: the API
 * assigns them from a counter row inside the issuing transaction, never to a draft.
 */

/** Series of numbered documents and their default prefixes. */
export const DOCUMENT_SERIES = ['devis', 'facture', 'avoir'] as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[number];
export const DEFAULT_PREFIXES: Record<DocumentSeries, string> = { devis: 'D', facture: 'F', avoir: 'AV' };

export const PREFIX_PATTERN = /^[A-Z][A-Z0-9]{0,9}$/;
export const SEQUENCE_MIN_DIGITS = 4;

export interface DocumentNumber {
  prefix: string;
  year: number;
  sequence: number;
}

export function isDocumentSeries(value: unknown): value is DocumentSeries {
  return typeof value === 'string' && (DOCUMENT_SERIES as readonly string[]).includes(value);
}

export function formatDocumentNumber({ prefix, year, sequence }: DocumentNumber): string {
  if (!PREFIX_PATTERN.test(prefix)) throw new RangeError(`Préfixe invalide : ${prefix}`);
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`Année invalide : ${year}`);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Numéro d’ordre invalide : ${sequence}`);
  return `${prefix}-${year}-${String(sequence).padStart(SEQUENCE_MIN_DIGITS, '0')}`;
}

/** "F-2026-0042" → { prefix: 'F', year: 2026, sequence: 42 }; null when it is not a document number. */
export function parseDocumentNumber(value: string): DocumentNumber | null {
  const match = /^([A-Z][A-Z0-9]{0,9})-(\d{4})-(\d{4,})$/.exec(value.trim());
  if (!match) return null;
  const sequence = Number(match[3]);
  // 5 digits and more are written without leading zeros: "F-2026-01000" is not a number we issue.
  if (sequence < 1 || !Number.isSafeInteger(sequence) || (match[3].length > SEQUENCE_MIN_DIGITS && match[3].startsWith('0'))) return null;
  return { prefix: match[1], year: Number(match[2]), sequence };
}
