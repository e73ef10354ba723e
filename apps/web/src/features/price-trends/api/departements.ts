import { useQuery } from '@tanstack/react-query';
import { geoRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

/** `GET /api/geo/departements`: the zones of the département level. */
export function useDepartementList() {
  return useQuery({ queryKey: ['departements'], queryFn: () => callEndpoint(geoRoutes.departements), staleTime: Infinity });
}
