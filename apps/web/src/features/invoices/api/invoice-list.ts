import { useQuery } from '@tanstack/react-query';
import { invoiceEndpoints, type EndpointQuery } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { invoiceKeys } from './keys';

export type InvoiceListFilters = EndpointQuery<typeof invoiceEndpoints.listInvoices>;

/** `GET api/liste-facture`: the architect's issued invoices, the client's received ones, all for an admin (the API scopes). */
export function useInvoiceList(filters: InvoiceListFilters, enabled = true) {
  return useQuery({
    queryKey: invoiceKeys.list(filters),
    queryFn: () => callEndpoint(invoiceEndpoints.listInvoices, { query: filters }),
    placeholderData: (previous) => previous,
    enabled,
  });
}
