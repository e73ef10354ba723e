import { useMutation } from '@tanstack/react-query';
import { priceReferenceRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { useInvalidatePriceTrends } from './keys';

/** `POST /api/admin/prix-de-reference/recalcul`: recompute every figure now rather than at the next scheduled run. */
export function usePriceRefresh() {
  const invalidate = useInvalidatePriceTrends();
  return useMutation({ mutationFn: () => callEndpoint(priceReferenceRoutes.adminRefresh), onSuccess: invalidate });
}
