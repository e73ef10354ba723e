import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tenderRoutes, type CreateTenderBody } from '@ouvrage/contracts';
import type { TenderStatus } from '@ouvrage/domain';
import { callEndpoint } from '../../../lib/endpoint-client';

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
  const query = {
    page: f.page,
    per_page: 20,
    project_id: f.project_id || undefined,
    professional_id: f.professional_id || undefined,
    project: f.project?.trim() || undefined,
    professional: f.professional?.trim() || undefined,
    status: (f.status || undefined) as TenderStatus | undefined,
  };
  const key = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();
  return { queryKey: ['tenders', 'sent', key] as const, queryFn: () => callEndpoint(tenderRoutes.sentTenders, { query }) };
}

/** `DELETE admin/supprimer/offre/{id}`: withdraw a tender still available. */
export function useWithdrawTender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(tenderRoutes.deleteTender, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tenders'] }),
  });
}

/** `GET api/admin/project/{id}/suggestions`: validated professionals ranked by fit, with the reasons. */
export function useSuggestions(projectId: number, includeOutsideZone: boolean) {
  return useQuery({
    queryKey: ['tenders', 'suggestions', projectId, includeOutsideZone] as const,
    queryFn: () => callEndpoint(tenderRoutes.suggestions, { params: { id: projectId }, query: { include_outside_zone: includeOutsideZone } }),
  });
}

/** `POST admin/account/create-offre`. */
export function useCreateTenders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTenderBody) => callEndpoint(tenderRoutes.sendTender, { body }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['tenders'] }), queryClient.invalidateQueries({ queryKey: ['projects'] })]),
  });
}
