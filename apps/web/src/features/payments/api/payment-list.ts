import { paymentRoutes, type EndpointQuery, type RouteEndpoint } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { paymentKeys } from './keys';

export type PaymentListFilters = EndpointQuery<RouteEndpoint<typeof paymentRoutes.listPayments>>;

/** `GET api/paiement/lists/{id}`: the user's payments, newest first. */
export function paymentListQuery(userId: number, filters: PaymentListFilters) {
  return {
    queryKey: paymentKeys.list(userId, filters),
    queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint(paymentRoutes.listPayments, { params: { id: userId }, query: filters }, { signal }),
  };
}
