import type { FecLine } from './entries';

/** The 18 columns of LPF art. A47 A-1, in order, as the DGFiP names them. */
export const FEC_COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

/** Records end with CR LF (decision 1210). */
export const FEC_LINE_END = '\r\n';

/** `2026-03-31` → `20260331`. */
export const fecDate = (date: string): string => (date ? date.replaceAll('-', '') : '');

/** Cents as the FEC writes them: decimal comma, no thousands separator, `1234,50`; never a float. */
export function fecAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError('Un montant du FEC est un nombre entier positif de centimes.');
  return `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

/** A text field without the separator nor line breaks. */
const text = (value: string): string => value.replace(/[\t\r\n|]+/g, ' ').trim();

/** The FEC file: the header of the 18 column names, then one record per line, tab separated. */
export function serializeFec(lines: readonly FecLine[]): string {
  const rows = lines.map((l) =>
    [
      l.journalCode,
      text(l.journalLib),
      String(l.ecritureNum),
      fecDate(l.ecritureDate),
      l.compteNum,
      text(l.compteLib),
      text(l.compAuxNum),
      text(l.compAuxLib),
      text(l.pieceRef),
      fecDate(l.pieceDate),
      text(l.ecritureLib),
      fecAmount(l.debitCents),
      fecAmount(l.creditCents),
      text(l.ecritureLet),
      fecDate(l.dateLet),
      fecDate(l.validDate),
      '',
      '',
    ].join('\t'),
  );
  return [FEC_COLUMNS.join('\t'), ...rows].join(FEC_LINE_END) + FEC_LINE_END;
}

/** `{SIREN}FEC{AAAAMMJJ}.txt`, the closing day of the fiscal year. */
export function fecFileName(siren: string, closingDate: string): string {
  if (!/^[0-9]{9}$/.test(siren)) throw new RangeError('Le SIREN a 9 chiffres.');
  return `${siren}FEC${fecDate(closingDate)}.txt`;
}
