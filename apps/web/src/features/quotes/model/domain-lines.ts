import { lineForTotals, type QuoteDetail, type QuoteLine } from '@ouvrage/contracts';
import { depositCents, totalsWithOptions, type ComparableLine } from '@ouvrage/domain';

/** A stored line in the domain's shape, so the web computes with the very code the API uses. */
function domainLine(line: QuoteLine) {
  return { ...lineForTotals(line), id: line.id, optional: line.optional };
}

/** Totals and deposit of the quote when the client takes `chosenOptionIds` (the accept modal). */
export function totalsForChoice(quote: Pick<QuoteDetail, 'lots' | 'deposit_bp'>, chosenOptionIds: readonly number[]) {
  // The lots as the API shows them, the travel-costs lot of a repair quote included.
  const totals = totalsWithOptions(
    quote.lots.map((lot) => ({ title: lot.title, lines: lot.lines.map(domainLine) })),
    chosenOptionIds,
  );
  return { totals, depositCents: depositCents(totals.totalTtcCents, quote.deposit_bp) };
}

/** The quote's lines as `diffQuoteLines` compares them. */
export function comparableLines(quote: Pick<QuoteDetail, 'lots'>): ComparableLine[] {
  return quote.lots.flatMap((lot) =>
    lot.lines.map((line) => ({
      lot: lot.title,
      designation: line.designation,
      quantityMilli: line.quantity_milli,
      unit: line.unit,
      unitPriceCents: line.unit_price_cents,
      tvaRateBp: line.tva_rate_bp,
      discountBp: line.discount_bp,
      optional: line.optional,
    })),
  );
}

/** The optional lines of a quote, in their order. */
export function optionalLines(quote: Pick<QuoteDetail, 'lots'>): Array<QuoteLine & { lot: string }> {
  return quote.lots.flatMap((lot) => lot.lines.filter((l) => l.optional).map((l) => ({ ...l, lot: lot.title })));
}
