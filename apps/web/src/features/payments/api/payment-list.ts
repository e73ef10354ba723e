import { useQuery } from '@tanstack/react-query';
import { paymentEndpoints, type EndpointQuery } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { paymentKeys } from './keys';

export type PaymentListFilters = EndpointQuery<typeof paymentEndpoints.listPayments>;

/** `GET api/paiement/lists/{id}`: the user's payments, newest first. */
export function usePaymentList(userId: number, filters: PaymentListFilters) {
  return useQuery({
    queryKey: paymentKeys.list(userId, filters),
    queryFn: () => callEndpoint(paymentEndpoints.listPayments, { params: { id: userId }, query: filters }),
    placeholderData: (previous) => previous,
  });
}
