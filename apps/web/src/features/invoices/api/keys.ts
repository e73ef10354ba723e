import { useQueryClient } from '@tanstack/react-query';

/** Query keys of the invoices feature: every list and detail lives under `['invoices']`. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (filters: object) => ['invoices', 'list', filters] as const,
  detail: (id: number) => ['invoices', 'detail', id] as const,
  ofQuote: (quoteId: number) => ['invoices', 'quote', quoteId] as const,
};

/**
 * After an invoice or a credit note is issued: lists, details and the quote's invoicing may all
 * show it; `withPayments`: an invoice's payments and transfer instructions too (`['payments']`,
 * `['bank-transfers']`), which a credit note or a refund changes.
 */
export function useInvalidateInvoices(options: { withPayments?: boolean } = {}) {
  const queryClient = useQueryClient();
  const keys = options.withPayments ? [invoiceKeys.all, ['payments'], ['bank-transfers']] : [invoiceKeys.all];
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
