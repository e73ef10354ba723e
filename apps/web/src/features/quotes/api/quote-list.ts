import { useQuery } from '@tanstack/react-query';
import { quoteRoutes, type EndpointQuery, type RouteEndpoint } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { quoteKeys } from './keys';

export type QuoteListFilters = EndpointQuery<RouteEndpoint<typeof quoteRoutes.listQuotesOf>>;

/**
 * `GET api/liste-devis/{id}` (an architect's issued quotes, a client's received ones: `userId` is
 * the caller's own id) or, with `userId` null, `GET api/liste-devis` (every quote, for an admin).
 */
export function quoteListQuery(userId: number | null, filters: QuoteListFilters) {
  return {
    queryKey: quoteKeys.list(userId === null ? 'all' : String(userId), filters),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      userId === null
        ? callEndpoint(quoteRoutes.listAllQuotes, { query: filters }, { signal })
        : callEndpoint(quoteRoutes.listQuotesOf, { params: { id: userId }, query: filters }, { signal }),
  };
}

export function useQuoteList(userId: number | null, filters: QuoteListFilters, enabled = true) {
  return useQuery({ ...quoteListQuery(userId, filters), placeholderData: (previous) => previous, enabled });
}
