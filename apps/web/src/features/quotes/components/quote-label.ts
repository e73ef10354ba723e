import type { TFunction } from 'i18next';

/**
 * The name a quote is shown by: its number (and version), or, for a draft that has none yet, the
 * word « Brouillon » in the reader's language. The API's label says « Brouillon » in French.
 */
export function shownQuoteLabel(quote: { number: string | null; label: string }, t: TFunction): string {
  return quote.number ? quote.label : t('quotes.statuses.Brouillon');
}
