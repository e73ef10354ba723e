import { useQuery } from '@tanstack/react-query';
import { contractLifeRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

/** `GET /api/projet/{id}/contrats`: the project's signed contracts and their life (decision 1224). */
export function useProjectContracts(projectId: number) {
  return useQuery({
    queryKey: ['contract-life', projectId],
    queryFn: () => callEndpoint(contractLifeRoutes.projectContracts, { params: { id: projectId } }),
  });
}
