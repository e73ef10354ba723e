import type { PricePlacement, PriceReference } from '@ouvrage/contracts';
import {
  compareWithReferences as compareLines,
  lineNetCents,
  placeAgainstReference,
  priceLineKey,
  quoteUnitPriceCents,
  type QuoteUnit,
  type ReferenceFigures,
} from '@ouvrage/domain';

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

/** The typed amounts of the referenced lines against the same lines at the references' figures (the domain's sum). */
export function compareWithReferences(entries: Iterable<{ line: PricedLine; reference: PriceReference | null | undefined }>): ReferenceComparison {
  let lines = 0;
  const priced: Array<{ netHtCents: number; quantityMilli: number; reference: ReferenceFigures }> = [];
  for (const { line, reference } of entries) {
    if (line.optional) continue;
    lines += 1;
    const quantityMilli = line.quantity_milli ?? 0;
    if (!reference || hasNoPrice(line) || quantityMilli <= 0) continue;
    priced.push({
      netHtCents: lineNetCents({ quantityMilli, unitPriceCents: line.unit_price_cents ?? 0, discountBp: line.discount_bp }),
      quantityMilli,
      reference: { q1Cents: reference.q1_cents, medianCents: reference.median_cents, q3Cents: reference.q3_cents },
    });
  }
  const sum = compareLines(priced);
  const deltaBp = sum.referencedLines > 0 && sum.medianCents > 0 ? Math.round(((sum.pricedCents - sum.medianCents) * 10_000) / sum.medianCents) : null;
  return { ...sum, lines, deltaBp };
}
