import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { isProductLot, isTvaRate, parseEuros, parsePercent, PRODUCT_LOTS, QUOTE_UNITS, type QuoteUnit } from '@ouvrage/domain';
import { AppError } from '../../lib/errors';

/** The CSV columns, in order, with their French headers (export and import share them). */
export const CSV_HEADERS = ['Nom', 'Référence', 'Lot', 'Unité', 'Prix unitaire HT', 'TVA (%)', 'Description'] as const;

export interface CsvProduct {
  name: string;
  reference: string;
  lot: string;
  unit: string;
  unitPriceCents: number;
  tvaRateBp: number;
  description: string;
}

/**
 * The import's side of csv-stringify's `escape_formulas`: a text cell starting with = + - @ (or
 * their full-width forms, a tab or a carriage return) is exported behind an apostrophe, which
 * spreadsheets hide and would otherwise run as a formula (CSV injection); the import removes it.
 */
function unneutralise(value: string): string {
  return /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? value.slice(1) : value;
}

/** `1234,56` — decimal comma, no thousands separator, so that spreadsheets read a number. */
function decimal(cents: number, scale = 100): string {
  const whole = Math.trunc(cents / scale);
  const rest = Math.abs(cents % scale);
  if (rest === 0) return String(whole);
  const digits = String(scale).length - 1;
  return `${whole},${String(rest).padStart(digits, '0').replace(/0+$/, '')}`;
}

/** UTF-8 with BOM, `;` separator, CRLF, decimal comma: what French Excel opens as is. */
export function toCsv(rows: CsvProduct[]): string {
  const records = rows.map((r) => [r.name, r.reference, r.lot, r.unit, decimal(r.unitPriceCents), decimal(r.tvaRateBp), r.description]);
  return stringify([[...CSV_HEADERS], ...records], {
    bom: true,
    delimiter: ';',
    record_delimiter: '\r\n',
    quote_record_delimiter: true,
    escape_formulas: true,
  });
}

/**
 * CSV text into records (`;` separator, `"` quoting with `""` escapes, CRLF, LF or CR; rows of
 * blank cells dropped). A broken quote is a French 400 naming the line the file is cut at.
 */
export function parseCsv(text: string): string[][] {
  try {
    return parse(text, {
      delimiter: ';',
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const unclosed = error.code === 'CSV_QUOTE_NOT_CLOSED';
    const line = (error as CsvError & { lines?: number }).lines;
    const why = unclosed ? 'un guillemet ouvert n’est jamais fermé.' : `la ligne ${line ?? '?'} est mal formée (du texte suit un guillemet fermant).`;
    throw new AppError('VALIDATION', `Le fichier CSV ne peut pas être lu : ${why}`, {
      file: unclosed ? 'Guillemet non fermé.' : `Ligne ${line ?? '?'} mal formée.`,
    });
  }
}

export type RowCheck = { ok: true; product: CsvProduct } | { ok: false; errors: string[] };

/** Check one data row; messages are French and name the column. */
export function checkRow(cells: string[]): RowCheck {
  const [name = '', reference = '', lot = '', unit = '', price = '', tva = '', description = ''] = cells.map((c) => unneutralise(c.trim()));
  const errors: string[] = [];
  if (cells.length > CSV_HEADERS.length) errors.push(`${cells.length} colonnes au lieu de ${CSV_HEADERS.length}`);
  if (!name) errors.push('le nom est manquant');
  else if (name.length < 2) errors.push('le nom doit comporter au moins 2 caractères');
  else if (name.length > 120) errors.push(`le nom compte ${name.length} caractères : 120 au plus`);
  if (reference.length > 60) errors.push('la référence ne peut pas dépasser 60 caractères');
  if (description.length > 2000) errors.push('la description ne peut pas dépasser 2 000 caractères');
  const foundLot = PRODUCT_LOTS.find((l) => l.toLowerCase() === lot.toLowerCase());
  if (!foundLot || !isProductLot(foundLot)) errors.push(`lot « ${lot} » inconnu (lots : ${PRODUCT_LOTS.join(', ')})`);
  const foundUnit = QUOTE_UNITS.find((u) => u === unit.toLowerCase()) as QuoteUnit | undefined;
  if (!foundUnit) errors.push(`unité « ${unit} » inconnue (unités : ${QUOTE_UNITS.join(', ')})`);
  const parsedPrice = price === '' ? null : parseEuros(price);
  let unitPriceCents = 0;
  if (!parsedPrice) errors.push('prix unitaire HT manquant');
  else if (!parsedPrice.ok) errors.push(`prix unitaire HT « ${price} » invalide : ${parsedPrice.refusal.message}`);
  else if (parsedPrice.value > 2_147_483_647) errors.push('prix unitaire HT trop élevé');
  else unitPriceCents = parsedPrice.value;
  const parsedTva = tva === '' ? null : parsePercent(tva.replace(/\s*%$/, ''));
  let tvaRateBp = 0;
  if (!parsedTva || !parsedTva.ok || !isTvaRate(parsedTva.value)) errors.push(`taux de TVA « ${tva} » invalide (20, 10, 5,5 ou 0)`);
  else tvaRateBp = parsedTva.value;
  if (errors.length) return { ok: false, errors };
  return { ok: true, product: { name, reference, lot: foundLot!, unit: foundUnit!, unitPriceCents, tvaRateBp, description } };
}
