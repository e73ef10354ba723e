import { useMutation } from '@tanstack/react-query';
import { paymentRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { asCaller } from './keys';

/**
 * `POST api/paiement/checkout/{id}`: a checkout for all that is left to pay; the browser then goes
 * to its page (Stripe's, or our simulated `/payment/create?paiement=…`).
 */
export function useCheckout(invoiceId: number, token?: string) {
  return useMutation({
    mutationFn: () => callEndpoint(paymentRoutes.checkout, { params: { id: invoiceId }, body: { token } }, asCaller()),
    onSuccess: (answer) => window.location.assign(answer.url),
  });
}
