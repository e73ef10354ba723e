import { createHash } from 'node:crypto';
import { CsvError, parse } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { calendarDate, isCalendarDate, type CalendarDate } from '@ouvrage/domain';
import { AppError } from '../../lib/errors';

/**
 * Bank statements as credit lines (decision 0731): a French bank's CSV export or an ISO 20022
 * CAMT.053 file (`BkToCstmrStmt`). Pure functions of the file's bytes; anything unreadable is a
 * French 400 (`STATEMENT_UNREADABLE`), never an exception escaping as a 500.
 */

export interface ParsedLine {
  bookedOn: CalendarDate;
  amountCents: number;
  label: string;
  /** A structured reference (CAMT `CdtrRefInf/Ref`, or a CSV « Référence » column). */
  reference: string | null;
  /** The bank's own id of the entry when it gives one (CAMT `AcctSvcrRef`). */
  bankRef: string | null;
}

export interface ParsedStatement {
  format: 'csv' | 'camt053';
  /** Credit lines only, in file order. */
  lines: ParsedLine[];
}

const unreadable = (why: string) => new AppError('STATEMENT_UNREADABLE', `Ce relevé ne peut pas être lu : ${why}`, undefined, { why }, 400);

/** UTF-8 (with or without BOM), else Windows-1252 as many French banks still export. */
function decode(bytes: Buffer): string {
  if (bytes.includes(0)) throw unreadable('le fichier n’est pas un texte (CSV ou XML).');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export function parseStatement(bytes: Buffer): ParsedStatement {
  if (bytes.length === 0) throw unreadable('le fichier est vide.');
  const text = decode(bytes).replace(/^\uFEFF/, '');
  if (text.trimStart().startsWith('<')) return { format: 'camt053', lines: parseCamt053(text) };
  return { format: 'csv', lines: parseCsv(text) };
}

// ---------------------------------------------------------------------------------------------
// Amounts and dates
// ---------------------------------------------------------------------------------------------

/**
 * « 1 234,56 », « -1.234,56 », « 1,234.56 », « +250 », « 1234.5 € » → cents; null when it is not an
 * amount. Exact (string arithmetic, no floating point).
 */
export function parseAmountCents(raw: string): number | null {
  let s = raw
    .replace(/[\s\u00a0\u202f']/g, '')
    .replace(/(EUR|€)$/i, '')
    .replace(/^(EUR|€)/i, '');
  let sign = 1;
  if (s.startsWith('(') && s.endsWith(')')) {
    sign = -1;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-') || s.startsWith('+')) {
    if (s[0] === '-') sign = -sign;
    s = s.slice(1);
  } else if (s.endsWith('-')) {
    sign = -sign;
    s = s.slice(0, -1);
  }
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return null;
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  const decimalAt = Math.max(lastComma, lastDot);
  let whole = s;
  let fraction = '';
  // The last separator is the decimal one when one or two digits follow it (« 1.234 » is a thousand).
  if (decimalAt >= 0 && s.length - decimalAt - 1 <= 2 && s.length - decimalAt - 1 >= 1) {
    whole = s.slice(0, decimalAt);
    fraction = s.slice(decimalAt + 1);
  } else if (decimalAt >= 0 && s.length - decimalAt - 1 !== 3) return null;
  const digits = whole.replace(/[.,]/g, '');
  if (!/^\d+$/.test(digits) || digits.length > 13) return null;
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, '0') || '0');
  return Number.isSafeInteger(cents) ? sign * cents : null;
}

/** 22/11/2026, 22-11-2026, 22.11.26, 2026-11-22 (and an ISO date-time) → '2026-11-22'; null otherwise. */
export function parseStatementDate(raw: string): CalendarDate | null {
  const s = raw.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(s);
  if (m) {
    const iso = `${m[1]}-${m[2]}-${m[3]}`;
    return isCalendarDate(iso) ? calendarDate(iso) : null;
  }
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(s);
  if (!m) return null;
  const year = m[3].length === 2 ? `20${m[3]}` : m[3];
  const iso = `${year}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  return isCalendarDate(iso) ? calendarDate(iso) : null;
}

// ---------------------------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------------------------

/**
 * The file's rows with the given separator (csv-parse: quotes may hold separators, newlines and
 * "" for "; cells trimmed; CRLF, LF or CR, even mixed; blank rows dropped). A quote never closed,
 * or text after a closing quote, is a French 400 (the latter names its line).
 */
function csvRows(text: string, separator: string): string[][] {
  try {
    return parse(text, {
      delimiter: separator,
      record_delimiter: ['\r\n', '\n', '\r'],
      trim: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // csv-parse counts the line where it stopped: the end of the file for a quote never closed.
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') throw unreadable('un guillemet ouvert n’est jamais fermé.');
    const line = (error as CsvError & { lines?: number }).lines;
    throw unreadable(
      `la ligne ${line ?? '?'} est mal formée (${error.code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE' ? 'du texte suit un guillemet fermant' : 'guillemets'}).`,
    );
  }
}

function pickSeparator(text: string): string {
  const sample = text
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .slice(0, 20);
  const score = (sep: string) => sample.reduce((n, l) => n + (l.split(sep).length - 1), 0);
  // A semicolon anywhere wins (commas are then decimal marks); then tabs, then commas.
  return [';', '\t', ','].find((sep) => score(sep) > 0) ?? ';';
}

const normalise = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

interface Columns {
  date: number;
  label: number;
  amount: number | null;
  credit: number | null;
  debit: number | null;
  reference: number | null;
}

/** A header row's columns, recognised by their French (or English) names. */
function headerColumns(row: string[]): Columns | null {
  const names = row.map(normalise);
  const find = (test: (n: string) => boolean) => {
    const i = names.findIndex(test);
    return i >= 0 ? i : null;
  };
  // Booking date first (« Date opération », « Date comptable »), then any date but the value date.
  const date =
    find((n) => /^date( d)?( l)? ?(operation|comptable|comptabilisation)/.test(n)) ??
    find((n) => n === 'date') ??
    find((n) => n.startsWith('date') && !n.includes('valeur')) ??
    find((n) => n.startsWith('date'));
  const label = find((n) =>
    /^(libelle|libelle operation|libelle de l operation|intitule|description|motif|details?|label|operation|nature de l operation)/.test(n),
  );
  const amount = find((n) => /^(montant|amount|somme)/.test(n));
  const credit = find((n) => /^(credit|credits|encaissement)/.test(n));
  const debit = find((n) => /^(debit|debits|decaissement)/.test(n));
  const reference = find((n) => /^(reference|ref|reference de paiement|reference structuree)/.test(n));
  if (date === null || label === null || (amount === null && credit === null)) return null;
  return { date, label, amount, credit, debit, reference };
}

export function parseCsv(text: string): ParsedLine[] {
  const rows = csvRows(text, pickSeparator(text));
  if (!rows.length) throw unreadable('aucune ligne trouvée.');
  // Banks put the account's name and balance above the header: look for it in the first rows.
  let columns: Columns | null = null;
  let start = 0;
  for (let i = 0; i < Math.min(rows.length, 15); i += 1) {
    columns = headerColumns(rows[i]);
    if (columns) {
      start = i + 1;
      break;
    }
  }
  // No header: « date;libellé;montant » from the first row that starts with a date.
  if (!columns) {
    start = rows.findIndex((r) => r.length >= 3 && parseStatementDate(r[0]) !== null);
    if (start < 0) throw unreadable('aucune colonne « Date », « Libellé » et « Montant » n’a été trouvée.');
    columns = { date: 0, label: 1, amount: 2, credit: null, debit: null, reference: null };
  }
  const lines: ParsedLine[] = [];
  let recognised = 0;
  for (const row of rows.slice(start)) {
    const bookedOn = parseStatementDate(row[columns.date] ?? '');
    if (!bookedOn) continue;
    let amount: number | null = null;
    if (columns.amount !== null && (row[columns.amount] ?? '') !== '') amount = parseAmountCents(row[columns.amount]);
    else if (columns.credit !== null && (row[columns.credit] ?? '') !== '') amount = parseAmountCents(row[columns.credit]);
    else if (columns.debit !== null && (row[columns.debit] ?? '') !== '') {
      const debit = parseAmountCents(row[columns.debit]);
      amount = debit === null ? null : -Math.abs(debit);
    }
    if (amount === null) continue;
    recognised += 1;
    if (amount <= 0) continue;
    const reference = columns.reference !== null ? (row[columns.reference] ?? '').trim() || null : null;
    lines.push({ bookedOn, amountCents: amount, label: (row[columns.label] ?? '').replace(/\s+/g, ' ').trim().slice(0, 500), reference, bankRef: null });
  }
  if (recognised === 0) throw unreadable('aucune opération avec une date et un montant n’a été reconnue.');
  return lines;
}

// ---------------------------------------------------------------------------------------------
// CAMT.053
// ---------------------------------------------------------------------------------------------

type Node = Record<string, unknown>;
const ARRAYS = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'AddtlNtryInf']);

const asNode = (v: unknown): Node | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : undefined);
const asList = (v: unknown): Node[] => (Array.isArray(v) ? v.map(asNode).filter((n): n is Node => !!n) : asNode(v) ? [asNode(v)!] : []);
const textOf = (v: unknown): string => {
  if (typeof v === 'string' || typeof v === 'number') return String(v).trim();
  const n = asNode(v);
  return n && (typeof n['#text'] === 'string' || typeof n['#text'] === 'number') ? String(n['#text']).trim() : '';
};
const strings = (v: unknown): string[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]).map(textOf).filter(Boolean);

export function parseCamt053(text: string): ParsedLine[] {
  // CAMT.053 has no DTD: one refused up front keeps entity expansion and external entities out.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw unreadable('un fichier XML avec une DTD n’est pas accepté.');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw unreadable(`le XML est mal formé (ligne ${valid.err.line}).`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: true,
    htmlEntities: false,
    isArray: (name) => ARRAYS.has(name),
  });
  let root: Node;
  try {
    root = parser.parse(text) as Node;
  } catch {
    throw unreadable('le XML est mal formé.');
  }
  const statement = asNode(asNode(root.Document)?.BkToCstmrStmt);
  if (!statement) throw unreadable('ce n’est pas un relevé CAMT.053 (élément BkToCstmrStmt absent).');
  const lines: ParsedLine[] = [];
  for (const stmt of asList(statement.Stmt)) {
    for (const entry of asList(stmt.Ntry)) {
      if (textOf(entry.CdtDbtInd) !== 'CRDT') continue;
      const amt = entry.Amt;
      const currency = textOf(asNode(amt)?.['@_Ccy']);
      if (currency && currency !== 'EUR') continue;
      const amountCents = parseAmountCents(textOf(amt));
      const booking = asNode(entry.BookgDt) ?? asNode(entry.ValDt);
      const bookedOn = parseStatementDate(textOf(booking?.Dt) || textOf(booking?.DtTm));
      if (amountCents === null || amountCents <= 0 || !bookedOn) continue;
      const details = asList(entry.NtryDtls).flatMap((d) => asList(d.TxDtls));
      const references: string[] = [];
      const words: string[] = [];
      for (const tx of details) {
        const remittance = asNode(tx.RmtInf);
        for (const strd of asList(remittance?.Strd)) {
          const ref = textOf(asNode(asNode(strd.CdtrRefInf))?.Ref);
          if (ref) references.push(ref);
        }
        words.push(...strings(remittance?.Ustrd));
        const parties = asNode(tx.RltdPties);
        const debtor = asNode(parties?.Dbtr);
        const name = textOf(debtor?.Nm) || textOf(asNode(debtor?.Pty)?.Nm);
        if (name) words.unshift(name);
      }
      words.push(...strings(entry.AddtlNtryInf));
      lines.push({
        bookedOn,
        amountCents,
        label: [...new Set(words)].join(' ').replace(/\s+/g, ' ').trim().slice(0, 500),
        reference: references[0] ?? null,
        bankRef: textOf(entry.AcctSvcrRef) || textOf(entry.NtryRef) || null,
      });
    }
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Line identity
// ---------------------------------------------------------------------------------------------

/**
 * A line's identity across imports: its date, amount, label, reference, the bank's entry id, and
 * its rank among identical lines of the same file (two equal transfers the same day stay two).
 */
export function lineHashes(lines: readonly ParsedLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const key = JSON.stringify([
      l.bookedOn,
      l.amountCents,
      l.label.toUpperCase().replace(/\s+/g, ' '),
      (l.reference ?? '').toUpperCase().replace(/\s+/g, ''),
      l.bankRef ?? '',
    ]);
    const rank = seen.get(key) ?? 0;
    seen.set(key, rank + 1);
    return createHash('sha256').update(`${key}#${rank}`).digest('hex');
  });
}
