import { useQuery } from '@tanstack/react-query';
import { projectRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

/** `GET api/address/search?q=`: Géoplateforme suggestions, or communes when offline. */
export function useAddressSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ['address', q],
    queryFn: ({ signal }) => callEndpoint(projectRoutes.searchAddress, { query: { q, limit: 8 } }, { anonymous: true, signal }),
    enabled: q.length >= 3,
    staleTime: 5 * 60_000,
  });
}
