import { useMutation } from '@tanstack/react-query';
import { paymentRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { useInvalidatePayments } from './keys';

/** `POST api/paiement/mandat/{id}/revocation`: the client revokes the contract's SEPA mandate (decision 1223). */
export function useRevokeMandate() {
  const invalidate = useInvalidatePayments();
  return useMutation({
    mutationFn: (mandateId: number) => callEndpoint(paymentRoutes.revokeMandate, { params: { id: mandateId } }),
    onSuccess: () => void invalidate(),
  });
}
