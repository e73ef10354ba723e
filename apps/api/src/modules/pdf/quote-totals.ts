import type { QuoteDetail } from '@ouvrage/contracts';
import { percentOf } from '@ouvrage/domain';
import { FONT } from './fonts';
import { euros, percent } from './french';
import { CONTENT_WIDTH, type Doc, ensureSpace, fitLine, MARGIN, MUTED, type Palette, RULE, style } from './layout';

/**
 * Totals HT, TVA per rate (base and amount), TTC, the options left out, the deposit and the
 * retenue de garantie, as one block that is never split across pages.
 */
interface Row {
  label: string;
  value: string;
  strong?: boolean;
  muted?: boolean;
}

const WIDTH = 270;
const ROW = 13;

export function totalsRows(quote: QuoteDetail): Row[] {
  const t = quote.totals;
  const rows: Row[] = [{ label: 'Total HT', value: euros(t.total_ht_cents), strong: true }];
  for (const r of t.by_rate) rows.push({ label: `TVA ${percent(r.rate_bp)} sur ${euros(r.base_cents)}`, value: euros(r.tva_cents) });
  rows.push({ label: 'Total TVA', value: euros(t.total_tva_cents) });
  rows.push({ label: 'Total TTC', value: euros(t.total_ttc_cents), strong: true });
  const options = quote.lots.flatMap((l) => l.lines).filter((l) => l.optional && !l.chosen);
  if (options.length) rows.push({ label: `Options non comprises (${options.length})`, value: `${euros(options.reduce((s, l) => s + l.net_ht_cents, 0))} HT`, muted: true });
  const accepted = quote.accepted_totals;
  if (accepted) {
    rows.push({ label: 'Total HT avec les options retenues', value: euros(accepted.total_ht_cents) });
    rows.push({ label: 'Total TTC avec les options retenues', value: euros(accepted.total_ttc_cents), strong: true });
  }
  const ttc = (accepted ?? t).total_ttc_cents;
  if (quote.deposit_bp > 0) rows.push({ label: `Acompte à la commande (${percent(quote.deposit_bp)} du TTC)`, value: euros(quote.deposit_cents) });
  if (quote.retention_bp > 0) rows.push({ label: `Retenue de garantie (${percent(quote.retention_bp)} du TTC)`, value: euros(percentOf(ttc, quote.retention_bp)) });
  return rows;
}

export function drawQuoteTotals(doc: Doc, quote: QuoteDetail, palette: Palette): void {
  const rows = totalsRows(quote);
  ensureSpace(doc, rows.length * ROW + 16);
  const x = MARGIN.side + CONTENT_WIDTH - WIDTH;
  let y = doc.y + 8;
  for (const row of rows) {
    if (row.label === 'Total TTC') {
      doc.rect(x, y - 2, WIDTH, ROW + 2).fill(palette.accent);
      style(doc, { font: FONT.bold, size: 9, color: palette.onAccent });
    } else {
      style(doc, { font: row.strong ? FONT.bold : FONT.regular, size: 8.5, color: row.muted ? MUTED : undefined });
    }
    fitLine(doc, row.label, x + 4, y + 1, WIDTH - 112);
    fitLine(doc, row.value, x + WIDTH - 104, y + 1, 100, 'right');
    y += ROW;
    if (row.label === 'Total HT' || row.label === 'Total TVA') {
      doc
        .moveTo(x, y - 1.5)
        .lineTo(x + WIDTH, y - 1.5)
        .lineWidth(0.4)
        .strokeColor(RULE)
        .stroke();
    }
    if (row.label === 'Total TTC') y += 3;
  }
  doc.y = y + 6;
}
