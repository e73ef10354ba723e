import { useQuery } from '@tanstack/react-query';
import { priceReferenceRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

export const priceComparisonKeys = {
  project: (projectId: number) => ['price-comparison', 'project', projectId] as const,
};

/** `GET /api/projet/{id}/prix-de-reference`: each sent quote of the project, lot by lot, against the zone's references. */
export function useProjectPriceComparison(projectId: number) {
  return useQuery({
    queryKey: priceComparisonKeys.project(projectId),
    queryFn: ({ signal }) => callEndpoint(priceReferenceRoutes.projectComparison, { params: { id: projectId } }, { signal }),
  });
}
