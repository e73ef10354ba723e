import { useQuery } from '@tanstack/react-query';
import { receptionRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { receptionKeys } from './keys';

/** `GET /api/devis/{id}/reception`: the quote's lots, whether the caller may record, the réception. */
export function useQuoteReception(quoteId: number) {
  return useQuery({ queryKey: receptionKeys.ofQuote(quoteId), queryFn: () => callEndpoint(receptionRoutes.quoteReception, { params: { id: quoteId } }) });
}
