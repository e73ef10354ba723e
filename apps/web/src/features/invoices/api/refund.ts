import { useMutation } from '@tanstack/react-query';
import { invoiceRoutes, type RefundBody } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { useInvalidateInvoices } from './keys';

/** `POST api/facture/{id}/remboursement`: the issuer records a refund of what a credit note left overpaid (decision 1062). */
export function useRecordRefund(invoiceId: number) {
  const onSuccess = useInvalidateInvoices({ withPayments: true });
  return useMutation({ mutationFn: (body: RefundBody) => callEndpoint(invoiceRoutes.recordRefund, { params: { id: invoiceId }, body }), onSuccess });
}
