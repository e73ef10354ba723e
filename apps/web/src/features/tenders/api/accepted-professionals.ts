import { useQuery } from '@tanstack/react-query';
import { tenderRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

/** `GET api/project/professionnels/{id}`: who accepted the project, with their public profile. */
export function useAcceptedProfessionals(projectId: number) {
  return useQuery({
    queryKey: ['projects', 'professionals', projectId] as const,
    queryFn: () => callEndpoint(tenderRoutes.projectProfessionals, { params: { id: projectId } }),
  });
}
