import { useMutation } from '@tanstack/react-query';
import { priceReferenceRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { priceTrendKeys, useInvalidatePriceTrends } from './keys';

/** `GET /api/admin/prix-de-reference/atypiques` for `useListQuery`: candidates or excluded contributions. */
export function outlierPageQuery(request: { page: number; per_page: number; statut: 'candidats' | 'exclus' }) {
  return {
    queryKey: priceTrendKeys.outlierPage(request),
    queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint(priceReferenceRoutes.adminOutliers, { query: request }, { signal }),
  };
}

/** `POST …/contributions/{id}/exclusion` (with its reason) or `DELETE` the same path: exclude or reintegrate a price. */
export function useOutlierExclusion() {
  const invalidate = useInvalidatePriceTrends();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) =>
      reason === undefined
        ? callEndpoint(priceReferenceRoutes.adminRestore, { params: { id } })
        : callEndpoint(priceReferenceRoutes.adminExclude, { params: { id }, body: { reason } }),
    onSuccess: invalidate,
  });
}
