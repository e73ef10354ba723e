import { useQuery } from '@tanstack/react-query';
import type { ProjectSummary } from '@ouvrage/contracts';
import { api } from '../../../lib/api-client';
import type { Page } from './types';

/** `GET api/project/list-per-user/{id}`: a client's projects, newest first. */
export function useClientProjects(userId: number | undefined, page = 1) {
  return useQuery({
    queryKey: ['projects', 'user', userId, page],
    queryFn: () => api.get<Page<ProjectSummary>>(`api/project/list-per-user/${userId}?page=${page}&per_page=20`),
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
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value && String(value).trim()) params.set(key, String(value).trim());
  return { queryKey: ['projects', 'admin', params.toString()], queryFn: () => api.get<Page<ProjectSummary>>(`api/admin/project/list-project?${params.toString()}`) };
}
