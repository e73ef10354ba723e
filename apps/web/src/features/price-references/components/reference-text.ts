import type { TFunction } from 'i18next';
import type { PricePlacement, PriceReference } from '@ouvrage/contracts';
import { formatPercent } from '@ouvrage/domain';
import { isolate, ltr } from '../../../lib/bidi';
import { formatEuros } from '../../../lib/format';
import { shortUnit } from '../../../lib/units';
import type { ReferenceComparison } from '../model/comparison';
import { zonePreposition } from '../model/zone';

/** Colour and sign of a placement: always beside its words, never alone. */
export const PLACEMENT_STYLE: Record<PricePlacement, { color: string; glyph: string }> = {
  below: { color: 'blue.8', glyph: '▼' },
  within: { color: 'teal.8', glyph: '●' },
  above: { color: 'orange.9', glyph: '▲' },
};

/** A reference's figures in whole euros when they all are (the rounding steps of 1 € and more), else to the cent. */
function figureFormat(reference: Pick<PriceReference, 'q1_cents' | 'median_cents' | 'q3_cents'>) {
  const whole = [reference.q1_cents, reference.median_cents, reference.q3_cents].every((c) => c % 100 === 0);
  return (cents: number) => ltr(formatEuros(cents, { wholeEuros: whole }));
}

/** « Prix de référence dans le Rhône : 38 € – 52 € HT / m² (médiane 45 €, 27 devis) ». */
export function referenceSentence(t: TFunction, reference: PriceReference): string {
  const euros = figureFormat(reference);
  return t(reference.period === '36m' ? 'priceReferences.line.sentenceWide' : 'priceReferences.line.sentence', {
    where: t(`priceReferences.where.${zonePreposition(reference.level, reference.zone_code)}`, { zone: isolate(reference.zone_name) }),
    range: t('priceReferences.line.range', { low: euros(reference.q1_cents), high: euros(reference.q3_cents), unit: isolate(shortUnit(t, reference.unit)) }),
    median: euros(reference.median_cents),
    quotes: t('priceReferences.quotes', { count: reference.quotes }),
  });
}

/** « +12 % », « −3 % », « 0 % »: the gap to the median in whole percents. */
export function deltaText(deltaBp: number): string {
  const rounded = Math.round(Math.abs(deltaBp) / 100) * 100;
  const sign = rounded === 0 ? '' : deltaBp > 0 ? '+' : '−';
  return ltr(`${sign}${formatPercent(rounded)}`);
}

/** « Lot au-dessus de la fourchette de référence (+12 % sur la médiane), 4 lignes sur 6 ». */
export function comparisonSentence(t: TFunction, scope: 'lot' | 'quote', comparison: ReferenceComparison): string | null {
  if (comparison.placement === null) return null;
  return t(`priceReferences.summary.${scope}.${comparison.placement}`, {
    delta: deltaText(comparison.deltaBp ?? 0),
    lines: t('priceReferences.summary.lines', { count: comparison.referencedLines, total: comparison.lines }),
  });
}
