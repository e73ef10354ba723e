import { useQuery } from '@tanstack/react-query';
import { quoteRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

/** `GET api/devis/projets`: the projects the architect may quote, with the client and site to prefill. */
export function useQuotableProjects() {
  return useQuery({ queryKey: ['quotes', 'quotable-projects'], queryFn: () => callEndpoint(quoteRoutes.quotableProjects) });
}
