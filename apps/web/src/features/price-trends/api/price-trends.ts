import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { priceReferenceRoutes, type PriceReferenceLevel } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { priceTrendKeys } from './keys';

export interface TrendsQuery {
  lot?: string;
  niveau: PriceReferenceLevel;
  zone?: string;
}

/** `GET /api/admin/prix-de-reference/tendances`: quarterly figures of each line of a lot in a zone. */
export function usePriceTrends(query: TrendsQuery, enabled = true) {
  return useQuery({
    queryKey: priceTrendKeys.trends(query),
    queryFn: ({ signal }) => callEndpoint(priceReferenceRoutes.adminTrends, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
