import type { PricePlacement, PriceReference } from '@ouvrage/contracts';
import { lineNetCents, placeAgainstReference, priceLineKey, quoteUnitPriceCents, referenceAmountCents, type QuoteUnit } from '@ouvrage/domain';

/** What a line's reference depends on: its lot, words, unit and catalogue product — never its price or quantity. */
export interface ReferenceLineInput {
  lot: string;
  designation: string;
  unit: QuoteUnit;
  product_id: number | null;
}

/** A line as the editor holds it, for the amounts compared with its reference. */
export interface PricedLine {
  quantity_milli: number | null;
  unit_price_cents: number | null;
  discount_bp: number;
  optional: boolean;
}

/**
 * The cache key of a line's reference: the domain's normalised key (`lot|unit|designation`, so a
 * changed accent or space asks nothing) and the product; null when the designation has no word.
 */
export function referenceKey(line: ReferenceLineInput): string | null {
  const key = priceLineKey(line);
  return key === null ? null : `${key}|${line.product_id ?? ''}`;
}

/** A new line: no price typed yet (empty or zero), where « Utiliser la médiane » is offered. */
export const hasNoPrice = (line: Pick<PricedLine, 'unit_price_cents'>): boolean => !line.unit_price_cents;

/**
 * The line's unit price HT after its discount, as the references count a quote's price (the
 * domain's `quoteUnitPriceCents`); null without a price.
 */
export function netUnitPriceCents(line: PricedLine): number | null {
  if (hasNoPrice(line)) return null;
  const net = (quantityMilli: number) => lineNetCents({ quantityMilli, unitPriceCents: line.unit_price_cents ?? 0, discountBp: line.discount_bp });
  const quantity = line.quantity_milli ?? 0;
  return quantity > 0 ? quoteUnitPriceCents([{ netHtCents: net(quantity), quantityMilli: quantity }]) : net(1000);
}

/** Where the line's price falls against its reference's Q1–Q3 (the domain's rule), or null without a price. */
export function linePlacement(line: PricedLine, reference: Pick<PriceReference, 'q1_cents' | 'q3_cents'>): PricePlacement | null {
  const price = netUnitPriceCents(line);
  return price === null ? null : placeAgainstReference(price, { q1Cents: reference.q1_cents, q3Cents: reference.q3_cents });
}

/** A lot, or the whole quote, against the references of its lines. */
export interface ReferenceComparison {
  /** Sum of the referenced lines' amounts HT after discount, as typed. */
  pricedCents: number;
  /** The same lines at their references' Q1, median and Q3. */
  q1Cents: number;
  medianCents: number;
  q3Cents: number;
  /** Lines counted in the sum: a reference, a price and a quantity. */
  referencedLines: number;
  /** Lines of the lot or quote, options left out (they are not in its total). */
  lines: number;
  placement: PricePlacement | null;
  /** (priced − median) / median in basis points, or null. */
  deltaBp: number | null;
}

/** The typed amounts of the referenced lines against the same lines at the references' figures. */
export function compareWithReferences(entries: Iterable<{ line: PricedLine; reference: PriceReference | null | undefined }>): ReferenceComparison {
  const sum = { pricedCents: 0, q1Cents: 0, medianCents: 0, q3Cents: 0, referencedLines: 0, lines: 0 };
  for (const { line, reference } of entries) {
    if (line.optional) continue;
    sum.lines += 1;
    const quantity = line.quantity_milli ?? 0;
    if (!reference || hasNoPrice(line) || quantity <= 0) continue;
    sum.referencedLines += 1;
    sum.pricedCents += lineNetCents({ quantityMilli: quantity, unitPriceCents: line.unit_price_cents ?? 0, discountBp: line.discount_bp });
    sum.q1Cents += referenceAmountCents(quantity, reference.q1_cents);
    sum.medianCents += referenceAmountCents(quantity, reference.median_cents);
    sum.q3Cents += referenceAmountCents(quantity, reference.q3_cents);
  }
  const placement = sum.referencedLines > 0 ? placeAgainstReference(sum.pricedCents, { q1Cents: sum.q1Cents, q3Cents: sum.q3Cents }) : null;
  const deltaBp = sum.referencedLines > 0 && sum.medianCents > 0 ? Math.round(((sum.pricedCents - sum.medianCents) * 10_000) / sum.medianCents) : null;
  return { ...sum, placement, deltaBp };
}
