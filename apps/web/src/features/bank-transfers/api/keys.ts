import { useQueryClient } from '@tanstack/react-query';

/** Query keys of bank transfers; a payment also changes the invoices' lists and details (`['invoices']`). */
export const transferKeys = {
  all: ['bank-transfers'] as const,
  instructions: (invoiceId: number) => ['bank-transfers', 'invoice', invoiceId] as const,
  pending: (page: number) => ['bank-transfers', 'pending', page] as const,
  lines: (status: string, page: number) => ['bank-transfers', 'lines', status, page] as const,
  settings: ['bank-transfers', 'settings'] as const,
};

/** After a declaration, a confirmation or a match: transfers, statement lines, invoices and their payments (`['payments']`) may all show it. */
export function useInvalidateTransfers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: transferKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['invoices'] }),
      queryClient.invalidateQueries({ queryKey: ['payments'] }),
    ]);
}
