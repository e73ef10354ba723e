import { useQuery } from '@tanstack/react-query';
import type { PublicProfessional } from '@ouvrage/contracts';
import { api } from '../../../lib/api-client';

/** `GET api/project/professionnels/{id}`: who accepted the project, with their public profile. */
export function useAcceptedProfessionals(projectId: number) {
  return useQuery({
    queryKey: ['projects', 'professionals', projectId] as const,
    queryFn: () => api.get<PublicProfessional[]>(`api/project/professionnels/${projectId}`),
  });
}
