import { useQuery } from '@tanstack/react-query';
import { tenderRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

/** `GET api/project/avancement-offres/{id}`: how the tenders sent on the project stand. */
export function useTenderProgress(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['projects', 'tender-progress', projectId] as const,
    queryFn: () => callEndpoint(tenderRoutes.projectTenderProgress, { params: { id: projectId } }),
    enabled,
  });
}
