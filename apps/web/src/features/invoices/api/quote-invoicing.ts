import { useQuery } from '@tanstack/react-query';
import { invoiceRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { invoiceKeys } from './keys';

/** `GET api/facture/devis/{id}`: the invoices a quote already has, from which the next one is computed. */
export function useQuoteInvoicing(quoteId: number, enabled: boolean) {
  return useQuery({ queryKey: invoiceKeys.ofQuote(quoteId), queryFn: () => callEndpoint(invoiceRoutes.quoteInvoicing, { params: { id: quoteId } }), enabled });
}
