import { useQueryClient } from '@tanstack/react-query';
import { getStoredUser } from '../../../lib/session';

/** Query keys of the payments feature: lists and an invoice's payments live under `['payments']`. */
export const paymentKeys = {
  all: ['payments'] as const,
  list: (userId: number, filters: object) => ['payments', 'list', userId, filters] as const,
  invoice: (invoiceId: number, token: string | undefined) => ['payments', 'invoice', invoiceId, token ?? null] as const,
};

/** Payment routes are public (a pay link opens them): a logged-in caller still sends the session, which the API prefers. */
export const asCaller = () => ({ anonymous: !getStoredUser() });

/** After a payment moved: the payment lists and the invoices (paid amount, status) may all show it. */
export function useInvalidatePayments() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: paymentKeys.all }), queryClient.invalidateQueries({ queryKey: ['invoices'] })]);
}
