import { invoiceRoutes, type EndpointQuery, type RouteEndpoint } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { invoiceKeys } from './keys';

export type InvoiceListFilters = EndpointQuery<RouteEndpoint<typeof invoiceRoutes.listInvoices>>;

/** `GET api/liste-facture`: the architect's issued invoices, the client's received ones, all for an admin (the API scopes). */
export function invoiceListQuery(filters: InvoiceListFilters) {
  return {
    queryKey: invoiceKeys.list(filters),
    queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint(invoiceRoutes.listInvoices, { query: filters }, { signal }),
  };
}
