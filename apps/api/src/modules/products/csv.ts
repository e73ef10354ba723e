import { isProductLot, isTvaRate, parseEuros, parsePercent, PRODUCT_LOTS, QUOTE_UNITS, type QuoteUnit } from '@ouvrage/domain';

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
 * A text cell. One starting with = + - @ (or a tab or carriage return) would be run as a formula
 * by a spreadsheet (CSV injection): it is written behind an apostrophe, which spreadsheets hide and
 * the import removes again (`unneutralise`).
 */
function quote(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The import's side of `quote`: an apostrophe put before a formula-like text is taken away. */
function unneutralise(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
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
  const lines = [CSV_HEADERS.join(';')];
  for (const r of rows) {
    lines.push(
      [r.name, r.reference, r.lot, r.unit, decimal(r.unitPriceCents), decimal(r.tvaRateBp), r.description].map((v) => quote(v)).join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Split CSV text into records (`;` separator, `"` quoting with `""` escapes, CRLF or LF). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ';') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records.filter((r) => r.some((v) => v.trim() !== ''));
}

export type RowCheck = { ok: true; product: CsvProduct } | { ok: false; errors: string[] };

/** Check one data row; messages are French and name the column. */
export function checkRow(cells: string[]): RowCheck {
  const [name = '', reference = '', lot = '', unit = '', price = '', tva = '', description = ''] = cells.map((c) => unneutralise(c.trim()));
  const errors: string[] = [];
  if (cells.length > CSV_HEADERS.length) errors.push(`${cells.length} colonnes au lieu de ${CSV_HEADERS.length}`);
  if (name.length < 2) errors.push('le nom doit comporter au moins 2 caractères');
  else if (name.length > 120) errors.push('le nom ne peut pas dépasser 120 caractères');
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
