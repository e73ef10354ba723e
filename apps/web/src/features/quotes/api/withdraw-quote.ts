import { useMutation } from '@tanstack/react-query';
import { quoteRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { useInvalidateQuotes } from './keys';

/** `POST api/devis/{id}/retractation`: the consumer withdraws from their signed quote within 14 days (decision 1053). */
export function useWithdrawQuote() {
  const onSuccess = useInvalidateQuotes();
  return useMutation({ mutationFn: (id: number) => callEndpoint(quoteRoutes.withdrawQuote, { params: { id } }), onSuccess });
}
