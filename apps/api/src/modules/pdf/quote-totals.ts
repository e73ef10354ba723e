import type { QuoteDetail } from '@ouvrage/contracts';
import { mentionMarker, percentOf } from '@ouvrage/domain';
import { euros, percent } from './french';
import type { Doc, Palette } from './layout';

import { drawTotalsTable, taxRows, type TotalsRow } from './totals-table';

/**
 * Totals HT, TVA per rate (base and amount), TTC, the options left out, the deposit and the
 * retenue de garantie, as one block that is never split across pages.
 */
export function totalsRows(quote: QuoteDetail): TotalsRow[] {
  const t = quote.totals;
  // TTC per rate (arrêté du 24 janvier 2017 art. 3): each rate's base and TVA as the domain computed them.
  const ttcByRate: TotalsRow[] = t.by_rate.map((r) => ({
    label: `${mentionMarker('devis.ttc_per_rate')}${percent(r.rate_bp)}`,
    value: euros(r.base_cents + r.tva_cents),
  }));
  if (ttcByRate.length) ttcByRate[ttcByRate.length - 1].ruleAfter = true;
  const rows: TotalsRow[] = [...taxRows(t, t.by_rate), ...ttcByRate, { label: 'Total TTC', value: euros(t.total_ttc_cents), strong: true, accent: true }];
  const options = quote.lots.flatMap((l) => l.lines).filter((l) => l.optional && !l.chosen);
  if (options.length)
    rows.push({ label: `Options non comprises (${options.length})`, value: `${euros(options.reduce((s, l) => s + l.net_ht_cents, 0))} HT`, muted: true });
  const accepted = quote.accepted_totals;
  if (accepted) {
    rows.push({ label: 'Total HT avec les options retenues', value: euros(accepted.total_ht_cents) });
    rows.push({ label: 'Total TTC avec les options retenues', value: euros(accepted.total_ttc_cents), strong: true });
  }
  const ttc = (accepted ?? t).total_ttc_cents;
  if (quote.deposit_bp > 0) rows.push({ label: `Acompte à la commande (${percent(quote.deposit_bp)} du TTC)`, value: euros(quote.deposit_cents) });
  if (quote.retention_bp > 0)
    rows.push({ label: `Retenue de garantie (${percent(quote.retention_bp)} du TTC)`, value: euros(percentOf(ttc, quote.retention_bp)) });
  return rows;
}

export function drawQuoteTotals(doc: Doc, quote: QuoteDetail, palette: Palette): void {
  drawTotalsTable(doc, totalsRows(quote), palette, 8);
}
