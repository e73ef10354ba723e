import { useQuery } from '@tanstack/react-query';
import { projectRoutes } from '@ouvrage/contracts';
import type { ProjectStage, ProjectState } from '@ouvrage/domain';
import { callEndpoint } from '../../../lib/endpoint-client';

/** `GET api/project/list-per-user/{id}`: a client's projects, newest first. */
export function useClientProjects(userId: number | undefined, page = 1) {
  return useQuery({
    queryKey: ['projects', 'user', userId, page],
    queryFn: () => callEndpoint(projectRoutes.listProjectsOf, { params: { id: userId! }, query: { page, per_page: 20 } }),
    enabled: !!userId,
  });
}

export interface AdminProjectFilters {
  page: number;
  per_page: number;
  q?: string;
  state?: string;
  stage?: string;
  category_id?: string;
  departement?: string;
  date_from?: string;
  date_to?: string;
}

/** `GET api/admin/project/list-project`: search, filters, pagination. */
export function adminProjectsQuery(filters: AdminProjectFilters) {
  const text = (value: string | undefined) => value?.trim() || undefined;
  const query = {
    page: filters.page,
    per_page: filters.per_page,
    q: text(filters.q),
    state: text(filters.state) as ProjectState | undefined,
    stage: text(filters.stage) as ProjectStage | undefined,
    category_id: text(filters.category_id) ? Number(filters.category_id) : undefined,
    departement: text(filters.departement),
    date_from: text(filters.date_from),
    date_to: text(filters.date_to),
  };
  const key = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();
  return { queryKey: ['projects', 'admin', key], queryFn: () => callEndpoint(projectRoutes.listAllProjects, { query }) };
}
