import { FONT } from './fonts';
import { euros, percent } from './french';
import { CONTENT_WIDTH, type Doc, ensureSpace, fitLine, MARGIN, MUTED, type Palette, RULE, style } from './layout';

/**
 * The totals block of every document (quote, invoice, credit note): right-aligned label/amount rows,
 * the accented one filled with the document's colour, never split across pages.
 */
export interface TotalsRow {
  label: string;
  value: string;
  strong?: boolean;
  muted?: boolean;
  /** The document's total, on the accent colour. */
  accent?: boolean;
  /** A thin rule under the row (after HT, after the TVA). */
  ruleAfter?: boolean;
}

const WIDTH = 270;
const ROW = 13;

/** Total HT, each TVA rate with its base, total TVA: the rows every document starts its totals with. */
export function taxRows(
  totals: { total_ht_cents: number; total_tva_cents: number },
  byRate: ReadonlyArray<{ rate_bp: number; base_cents: number; tva_cents: number }>,
): TotalsRow[] {
  return [
    { label: 'Total HT', value: euros(totals.total_ht_cents), strong: true, ruleAfter: true },
    ...byRate.map((r) => ({ label: `TVA ${percent(r.rate_bp)} sur ${euros(r.base_cents)}`, value: euros(r.tva_cents) })),
    { label: 'Total TVA', value: euros(totals.total_tva_cents), ruleAfter: true },
  ];
}

/**
 * The same for a situation or a balance, whose TVA per rate is the TVA on the work to date less the
 * TVA already invoiced (decision 1000): each rate's base and TVA printed apart, as computed, since
 * the TVA is not « base × rate » of this invoice alone; the décompte shows the TVA on the work.
 */
export function taxDifferenceRows(
  totals: { total_ht_cents: number; total_tva_cents: number },
  byRate: ReadonlyArray<{ rate_bp: number; base_cents: number; tva_cents: number }>,
): TotalsRow[] {
  return [
    { label: 'Total HT', value: euros(totals.total_ht_cents), strong: true, ruleAfter: true },
    ...byRate.flatMap((r) => [
      { label: `Base HT au taux de ${percent(r.rate_bp)}`, value: euros(r.base_cents), muted: true },
      { label: `TVA au taux de ${percent(r.rate_bp)}`, value: euros(r.tva_cents) },
    ]),
    { label: 'Total TVA', value: euros(totals.total_tva_cents), ruleAfter: true },
  ];
}

export function drawTotalsTable(doc: Doc, rows: readonly TotalsRow[], palette: Palette, gapAbove = 4): void {
  ensureSpace(doc, rows.length * ROW + 16);
  const x = MARGIN.side + CONTENT_WIDTH - WIDTH;
  let y = doc.y + gapAbove;
  for (const row of rows) {
    if (row.accent) {
      doc.rect(x, y - 2, WIDTH, ROW + 2).fill(palette.accent);
      style(doc, { font: FONT.bold, size: 9, color: palette.onAccent });
    } else {
      style(doc, { font: row.strong ? FONT.bold : FONT.regular, size: 8.5, color: row.muted ? MUTED : undefined });
    }
    fitLine(doc, row.label, x + 4, y + 1, WIDTH - 112);
    fitLine(doc, row.value, x + WIDTH - 104, y + 1, 100, 'right');
    y += ROW;
    if (row.ruleAfter) {
      doc
        .moveTo(x, y - 1.5)
        .lineTo(x + WIDTH, y - 1.5)
        .lineWidth(0.4)
        .strokeColor(RULE)
        .stroke();
    }
    if (row.accent) y += 3;
  }
  doc.y = y + 6;
}
