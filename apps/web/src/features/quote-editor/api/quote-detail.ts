import { useQuery } from '@tanstack/react-query';
import { quoteRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

export const quoteDetailKey = (id: number) => ['quotes', 'detail', id] as const;

/** `GET api/get-details-devis/{id}`. Not refetched on focus: the editor's draft is the truth while open. */
export function useQuoteDetail(id: number | undefined) {
  return useQuery({
    queryKey: quoteDetailKey(id ?? 0),
    queryFn: () => callEndpoint(quoteRoutes.getQuote, { params: { id: id! } }),
    enabled: !!id,
    refetchOnWindowFocus: false,
  });
}
