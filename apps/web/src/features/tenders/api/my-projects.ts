import { useQuery } from '@tanstack/react-query';
import { tenderRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

/** `GET api/professionnel/mes-projets/{id}`: the projects whose tender the professional accepted. */
export function myProjectsQuery(userId: number, { page, per_page }: { page: number; per_page: number }) {
  return {
    queryKey: ['tenders', 'projects', userId, page, per_page] as const,
    queryFn: () => callEndpoint(tenderRoutes.myProjects, { params: { id: userId }, query: { page, per_page } }),
  };
}

export function useMyProjects(userId: number, page: number, perPage = 10, enabled = true) {
  return useQuery({ ...myProjectsQuery(userId, { page, per_page: perPage }), enabled: enabled && userId > 0 });
}

/** `GET api/professionnel/list-user-Pro/{id}`: the professional's clients. */
export function myClientsQuery(userId: number, { page, per_page }: { page: number; per_page: number }) {
  return {
    queryKey: ['tenders', 'clients', userId, page, per_page] as const,
    queryFn: () => callEndpoint(tenderRoutes.matchingProfessionals, { params: { id: userId }, query: { page, per_page } }),
  };
}
