import { useMutation } from '@tanstack/react-query';
import { invoiceRoutes, type CreditNoteBody } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { useInvalidateInvoices } from './keys';

/** `POST api/facture/{id}/avoir`: a credit note cancelling all or part of an invoice. */
export function useIssueCreditNote(invoiceId: number) {
  const onSuccess = useInvalidateInvoices();
  return useMutation({ mutationFn: (body: CreditNoteBody) => callEndpoint(invoiceRoutes.issueCreditNote, { params: { id: invoiceId }, body }), onSuccess });
}
