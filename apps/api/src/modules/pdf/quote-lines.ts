import type { QuoteDetail, QuoteLine } from '@ouvrage/contracts';
import { FONT } from './fonts';
import { euros, percent, quantity } from './french';
import {
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  type Doc,
  ensureSpace,
  fitLine,
  INK,
  MARGIN,
  measure,
  MUTED,
  newPage,
  type Palette,
  RULE,
  SHADE,
  style,
} from './layout';

/**
 * The detailed lines, lot by lot: designation and description, quantity (up to 3 decimals) and
 * unit, unit price HT, TVA rate, discount, total HT. A row is never cut by a page end; each new
 * page repeats the table header and the lot being continued. Optional lines are marked and not
 * counted; an option the client took is marked as such.
 */
const PAD = 3;
const NUMBERS = { size: 8 };
const COLUMNS = [
  { key: 'designation', title: 'Désignation', width: 0, align: 'left' },
  { key: 'quantity', title: 'Qté', width: 48, align: 'right' },
  { key: 'unit', title: 'Unité', width: 38, align: 'center' },
  { key: 'price', title: 'PU HT', width: 64, align: 'right' },
  { key: 'tva', title: 'TVA', width: 36, align: 'right' },
  { key: 'discount', title: 'Remise', width: 40, align: 'right' },
  { key: 'total', title: 'Total HT', width: 72, align: 'right' },
] as const;
type ColumnKey = (typeof COLUMNS)[number]['key'];
const DESIGNATION_WIDTH = CONTENT_WIDTH - COLUMNS.reduce((sum, c) => sum + c.width, 0);
const columns = (() => {
  let x = MARGIN.side;
  return COLUMNS.map((c) => {
    const width = c.key === 'designation' ? DESIGNATION_WIDTH : c.width;
    const column = { ...c, x, width };
    x += width;
    return column;
  });
})();
const TEXT_WIDTH = DESIGNATION_WIDTH - 2 * PAD;
const HEADER_HEIGHT = 16;
const BAND_HEIGHT = 16;

export function lotLabel(index: number, title: string): string {
  return /^lot\b/i.test(title.trim()) ? title.trim() : `Lot ${index + 1} — ${title.trim()}`;
}

export function optionMark(line: QuoteLine): string | null {
  if (!line.optional) return null;
  return line.chosen ? 'Option retenue par le client' : 'Option — non comprise dans le total';
}

function cells(line: QuoteLine): Record<Exclude<ColumnKey, 'designation'>, string> {
  return {
    quantity: quantity(line.quantity_milli),
    unit: line.unit,
    price: euros(line.unit_price_cents),
    tva: percent(line.tva_rate_bp),
    discount: line.discount_bp ? percent(line.discount_bp) : '—',
    total: euros(line.net_ht_cents),
  };
}

/** Row heights of one document: measuring wraps the text like drawing does, so each row is measured once. */
type Heights = Map<QuoteLine, number>;

function rowHeight(doc: Doc, line: QuoteLine, measured: Heights): number {
  const known = measured.get(line);
  if (known !== undefined) return known;
  let h = measure(doc, line.designation, TEXT_WIDTH, { size: 8 });
  if (line.description) h += 1 + measure(doc, line.description, TEXT_WIDTH, { size: 7, color: MUTED });
  if (line.optional) h += 1 + measure(doc, 'Option', TEXT_WIDTH, { font: FONT.italic, size: 7 });
  measured.set(line, h + 2 * PAD);
  return h + 2 * PAD;
}

function tableHeader(doc: Doc): void {
  const y = doc.y;
  doc.rect(MARGIN.side, y, CONTENT_WIDTH, HEADER_HEIGHT).fill(SHADE);
  style(doc, { font: FONT.bold, size: 7.5 });
  for (const c of columns) doc.text(c.title, c.x + PAD, y + 4.5, { width: c.width - 2 * PAD, align: c.align, lineBreak: false });
  doc.y = y + HEADER_HEIGHT;
}

function band(doc: Doc, text: string, palette: Palette): void {
  const y = doc.y;
  doc.rect(MARGIN.side, y, CONTENT_WIDTH, BAND_HEIGHT).fill(palette.accent);
  style(doc, { font: FONT.bold, size: 8.5, color: palette.onAccent }).text(text, MARGIN.side + PAD + 2, y + 4, {
    width: CONTENT_WIDTH - 2 * PAD,
    lineBreak: false,
    ellipsis: true,
  });
  doc.y = y + BAND_HEIGHT;
}

function drawLine(doc: Doc, line: QuoteLine, height: number, palette: Palette): void {
  const top = doc.y;
  const counted = !line.optional || line.chosen;
  const ink = counted ? INK : MUTED;
  const [designation] = columns;
  style(doc, { size: 8, color: ink }).text(line.designation, designation.x + PAD, top + PAD, { width: TEXT_WIDTH });
  if (line.description) style(doc, { size: 7, color: MUTED }).text(line.description, designation.x + PAD, doc.y + 1, { width: TEXT_WIDTH });
  const mark = optionMark(line);
  if (mark) style(doc, { font: FONT.italic, size: 7, color: palette.text }).text(mark, designation.x + PAD, doc.y + 1, { width: TEXT_WIDTH });
  const values = cells(line);
  style(doc, { ...NUMBERS, color: ink });
  for (const c of columns.slice(1)) fitLine(doc, values[c.key as keyof typeof values], c.x + PAD, top + PAD, c.width - 2 * PAD, c.align);
  doc
    .moveTo(MARGIN.side, top + height)
    .lineTo(MARGIN.side + CONTENT_WIDTH, top + height)
    .lineWidth(0.4)
    .strokeColor(RULE)
    .stroke();
  doc.y = top + height;
}

/** A new page for the table: the header again and the lot that goes on. */
function continueOnNewPage(doc: Doc, lot: string, palette: Palette): void {
  newPage(doc);
  tableHeader(doc);
  band(doc, `${lot} (suite)`, palette);
}

export function drawQuoteLines(doc: Doc, quote: QuoteDetail, palette: Palette): void {
  const heights: Heights = new Map();
  ensureSpace(doc, HEADER_HEIGHT + BAND_HEIGHT + 40);
  tableHeader(doc);
  quote.lots.forEach((lot, index) => {
    const label = lotLabel(index, lot.title);
    const first = lot.lines[0];
    if (ensureSpace(doc, BAND_HEIGHT + (first ? rowHeight(doc, first, heights) : 0) + 4)) tableHeader(doc);
    band(doc, label, palette);
    for (const line of lot.lines) {
      const height = rowHeight(doc, line, heights);
      if (doc.y + height > CONTENT_BOTTOM) continueOnNewPage(doc, label, palette);
      drawLine(doc, line, height, palette);
    }
    const subtotal = `Sous-total ${label} : ${euros(lot.subtotal_ht_cents)} HT`;
    if (doc.y + 16 > CONTENT_BOTTOM) continueOnNewPage(doc, label, palette);
    style(doc, { font: FONT.bold, size: 8 }).text(subtotal, MARGIN.side, doc.y + 4, { width: CONTENT_WIDTH - PAD, align: 'right' });
    doc.y += 6;
  });
}
