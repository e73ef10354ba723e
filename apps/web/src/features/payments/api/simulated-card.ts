import { useMutation } from '@tanstack/react-query';
import { paymentRoutes, type SimulatedCardBody } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { asCaller, useInvalidatePayments } from './keys';

/** `POST api/paiement/simulation/{id}`: the simulated checkout's card. */
export function usePaySimulatedCard(paymentId: number) {
  const invalidate = useInvalidatePayments();
  return useMutation({
    mutationFn: (body: SimulatedCardBody) => callEndpoint(paymentRoutes.simulatedCard, { params: { id: paymentId }, body }, asCaller()),
    onSuccess: () => void invalidate(),
  });
}
