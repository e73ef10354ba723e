import { lineForTotals, type QuoteDetail, type QuoteInvoicing } from '@ouvrage/contracts';
import { contractOf, draftInvoice, previousProgress, type InvoiceRequest, type PriorInvoice, type RateAmount, type TvaRate } from '@ouvrage/domain';

const rates = (list: QuoteInvoicing['invoices'][number]['by_rate']): RateAmount[] =>
  list.map((r) => ({ rateBp: r.rate_bp as TvaRate, baseCents: r.base_cents, tvaCents: r.tva_cents }));

/** The contract of a validated quote as the API computes it: options the client did not take are not counted. */
/** What the amounts need of a quote: its lots (with the options taken) and its retenue de garantie. */
export type InvoicedQuote = Pick<QuoteDetail, 'lots' | 'retention_bp'>;

/**
 * The contract the next invoice is computed on: the lots the API sends with the invoices, as amended
 * by the signed avenants (decision 1220); the quote's own lots when the API sent none.
 */
export function contractOfQuote(quote: InvoicedQuote, invoicing?: Pick<QuoteInvoicing, 'contract_lots'>) {
  if (invoicing?.contract_lots) {
    return contractOf(
      invoicing.contract_lots.map((lot) => ({
        title: lot.title,
        lines: lot.lines.map((l) => ({
          designation: '',
          unit: 'u' as const,
          quantityMilli: l.quantity_milli,
          unitPriceCents: l.unit_price_cents,
          tvaRateBp: l.tva_rate_bp as TvaRate,
          discountBp: l.discount_bp,
          optional: l.optional,
        })),
      })),
      quote.retention_bp,
    );
  }
  return contractOf(
    quote.lots.map((lot) => ({ title: lot.title, lines: lot.lines.map((l) => ({ ...lineForTotals(l), optional: l.optional && !l.chosen })) })),
    quote.retention_bp,
  );
}

export function priorOf(invoicing: QuoteInvoicing): PriorInvoice[] {
  return invoicing.invoices.map((i) => ({
    number: i.number,
    kind: i.kind,
    issueDate: i.issue_date,
    byRate: rates(i.by_rate),
    progressBp: i.progress_bp,
    credited: rates(i.credited),
    retentionCents: i.retention_cents ?? 0,
  }));
}

/** The invoice the API would issue, computed live by the same domain code (the API recomputes and decides). */
export function nextInvoice(quote: InvoicedQuote, invoicing: QuoteInvoicing, request: InvoiceRequest) {
  return draftInvoice(contractOfQuote(quote, invoicing), priorOf(invoicing), request);
}

export function lastProgress(quote: InvoicedQuote, invoicing: QuoteInvoicing): number[] {
  return previousProgress(contractOfQuote(quote, invoicing), priorOf(invoicing));
}

/** The titles of the lots a situation asks a progress for, in the contract's order. */
export const contractLotTitles = (quote: InvoicedQuote, invoicing: QuoteInvoicing): string[] =>
  invoicing.contract_lots?.map((lot) => lot.title) ?? quote.lots.map((lot) => lot.title);
