import { useQueries, useQuery } from '@tanstack/react-query';
import { quoteRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { quoteKeys } from './keys';

const fetchQuote = (id: number) => callEndpoint(quoteRoutes.getQuote, { params: { id } });

/** `GET api/get-details-devis/{id}`. */
export function useQuote(id: number | undefined) {
  return useQuery({ queryKey: quoteKeys.detail(id ?? 0), queryFn: () => fetchQuote(id!), enabled: !!id });
}

/** Several versions' details at once (the version comparison). */
export function useQuotes(ids: readonly number[]) {
  return useQueries({ queries: ids.map((id) => ({ queryKey: quoteKeys.detail(id), queryFn: () => fetchQuote(id) })) });
}
