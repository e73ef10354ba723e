import { useMutation } from '@tanstack/react-query';
import { PAYMENT_ERRORS, paymentRoutes, type SimulatedSepaBody } from '@ouvrage/contracts';
import { ApiError } from '../../../lib/api-client';
import { callEndpoint } from '../../../lib/endpoint-client';
import { asCaller, useInvalidatePayments } from './keys';

/** `POST api/paiement/simulation-sepa/{id}`: the simulated checkout's « Prélèvement SEPA » (decision 1223). */
export function usePaySimulatedSepa(paymentId: number) {
  const invalidate = useInvalidatePayments();
  return useMutation({
    mutationFn: (body: SimulatedSepaBody) => callEndpoint(paymentRoutes.simulatedSepa, { params: { id: paymentId }, body }, asCaller()),
    onSuccess: () => void invalidate(),
    onError: (error) => {
      if (error instanceof ApiError && error.code === PAYMENT_ERRORS.checkoutExpired) void invalidate();
    },
  });
}
