import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTender, SuggestionsResult } from '@ouvrage/contracts';
import { api } from '../../../lib/api-client';
import type { Page } from './professional-tenders';

export interface SentTenderFilters {
  project_id?: number;
  professional_id?: number;
  /** Words of the project or its number; part of the professional's name or company. */
  project?: string;
  professional?: string;
  status?: string;
  page: number;
}

/** `GET admin/account/liste-offre-envoyer`. */
export function sentTendersQuery(f: SentTenderFilters) {
  const params = new URLSearchParams({ page: String(f.page), per_page: '20' });
  if (f.project_id) params.set('project_id', String(f.project_id));
  if (f.professional_id) params.set('professional_id', String(f.professional_id));
  if (f.project?.trim()) params.set('project', f.project.trim());
  if (f.professional?.trim()) params.set('professional', f.professional.trim());
  if (f.status) params.set('status', f.status);
  return { queryKey: ['tenders', 'sent', params.toString()] as const, queryFn: () => api.get<Page<AdminTender>>(`admin/account/liste-offre-envoyer?${params}`) };
}

/** `DELETE admin/supprimer/offre/{id}`: withdraw a tender still available. */
export function useWithdrawTender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`admin/supprimer/offre/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tenders'] }),
  });
}

/** `GET api/admin/project/{id}/suggestions`: validated professionals ranked by fit, with the reasons. */
export function useSuggestions(projectId: number, includeOutsideZone: boolean) {
  return useQuery({
    queryKey: ['tenders', 'suggestions', projectId, includeOutsideZone] as const,
    queryFn: () => api.get<SuggestionsResult>(`api/admin/project/${projectId}/suggestions?include_outside_zone=${includeOutsideZone}`),
  });
}

/** `POST admin/account/create-offre`. */
export function useCreateTenders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { project_id: number; professional_ids: number[]; reply_deadline?: string; message?: string }) =>
      api.post<{ tenders: AdminTender[]; project_state: string; message: string }>('admin/account/create-offre', body),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['tenders'] }), queryClient.invalidateQueries({ queryKey: ['projects'] })]),
  });
}
