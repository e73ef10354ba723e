import { useQuery } from '@tanstack/react-query';
import { paymentRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { asCaller, paymentKeys } from './keys';

/** `GET api/paiement/facture/{id}`: what is left to pay, the payments so far, whether the caller may pay, the pay link. */
export function useInvoicePayments(invoiceId: number, token?: string) {
  return useQuery({
    queryKey: paymentKeys.invoice(invoiceId, token),
    queryFn: () => callEndpoint(paymentRoutes.invoiceSummary, { params: { id: invoiceId }, query: { t: token } }, asCaller()),
  });
}
