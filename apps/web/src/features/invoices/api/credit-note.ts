import { useMutation } from '@tanstack/react-query';
import { invoiceRoutes, type CreditNoteBody } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { useInvalidateInvoices } from './keys';

/**
 * `POST api/facture/{id}/avoir`: a credit note cancelling all or part of an invoice. What is left
 * to pay, the pay link and the transfer instructions change with it (decision 1061): the
 * payments' and transfers' answers are read again too.
 */
export function useIssueCreditNote(invoiceId: number) {
  const onSuccess = useInvalidateInvoices({ withPayments: true });
  return useMutation({ mutationFn: (body: CreditNoteBody) => callEndpoint(invoiceRoutes.issueCreditNote, { params: { id: invoiceId }, body }), onSuccess });
}
