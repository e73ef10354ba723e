import { useQuery } from '@tanstack/react-query';
import { invoiceRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { invoiceKeys } from './keys';

/** `GET api/get-facture-detail/{id}`. */
export function useInvoice(id: number) {
  return useQuery({ queryKey: invoiceKeys.detail(id), queryFn: () => callEndpoint(invoiceRoutes.getInvoice, { params: { id } }) });
}
