import { useQuery } from '@tanstack/react-query';
import { quoteRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { quoteKeys } from './keys';

/** `GET api/devis/comparaison/{projectId}`: the project's quotes side by side, for its client. */
export function useQuoteComparison(projectId: number | undefined) {
  return useQuery({
    queryKey: quoteKeys.comparison(projectId ?? 0),
    queryFn: () => callEndpoint(quoteRoutes.compareQuotes, { params: { id: projectId! } }),
    enabled: !!projectId,
  });
}
