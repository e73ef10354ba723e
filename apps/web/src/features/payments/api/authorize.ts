import { useQuery } from '@tanstack/react-query';
import { paymentRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { asCaller, paymentKeys } from './keys';

/**
 * `POST api/paiement/authorize/{id}` on the return from the checkout: the API re-reads the payment
 * at the provider. Read again every few seconds while it is still pending (a webhook may settle it).
 */
export function useAuthorizePayment(paymentId: number, token?: string, options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: [...paymentKeys.all, 'outcome', paymentId, token ?? null, !!options.poll],
    queryFn: () => callEndpoint(paymentRoutes.authorize, { params: { id: paymentId }, body: { token } }, asCaller()),
    refetchInterval: (query) => (options.poll && query.state.data?.payment.status === 'en_attente' && query.state.dataUpdateCount < 10 ? 3_000 : false),
    retry: 1,
  });
}
