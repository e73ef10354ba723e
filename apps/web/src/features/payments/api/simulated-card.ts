import { useMutation } from '@tanstack/react-query';
import { PAYMENT_ERRORS, paymentRoutes, type SimulatedCardBody } from '@ouvrage/contracts';
import { ApiError } from '../../../lib/api-client';
import { callEndpoint } from '../../../lib/endpoint-client';
import { asCaller, useInvalidatePayments } from './keys';

/** `POST api/paiement/simulation/{id}`: the simulated checkout's card. */
export function usePaySimulatedCard(paymentId: number) {
  const invalidate = useInvalidatePayments();
  return useMutation({
    mutationFn: (body: SimulatedCardBody) => callEndpoint(paymentRoutes.simulatedCard, { params: { id: paymentId }, body }, asCaller()),
    onSuccess: () => void invalidate(),
    // The checkout expired meanwhile (decision 1072): read the payment again, the page then says it is over.
    onError: (error) => {
      if (error instanceof ApiError && error.code === PAYMENT_ERRORS.checkoutExpired) void invalidate();
    },
  });
}
