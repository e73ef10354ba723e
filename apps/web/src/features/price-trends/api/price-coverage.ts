import { useQuery } from '@tanstack/react-query';
import { priceReferenceRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { priceTrendKeys } from './keys';

/** `GET /api/admin/prix-de-reference/couverture`: lines of the last twelve months with a reference, and the last run. */
export function usePriceCoverage() {
  return useQuery({
    queryKey: priceTrendKeys.coverage,
    queryFn: ({ signal }) => callEndpoint(priceReferenceRoutes.adminCoverage, undefined, { signal }),
  });
}
