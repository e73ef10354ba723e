import { useMutation } from '@tanstack/react-query';
import { invoiceRoutes, type IssueInvoiceBody } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { useInvalidateInvoices } from './keys';

/** `POST api/facture`: issue an invoice from a validated quote. */
export function useIssueInvoice() {
  const onSuccess = useInvalidateInvoices();
  return useMutation({ mutationFn: (body: IssueInvoiceBody) => callEndpoint(invoiceRoutes.issueInvoice, { body }), onSuccess });
}
