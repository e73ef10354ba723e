import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfessionalTender } from '@ouvrage/contracts';
import { api, fetchFileUrl } from '../../../lib/api-client';

import type { ListPage as Page } from '@ouvrage/contracts';
export type { Page };

export type TenderScope = 'available' | 'past';

/** `GET api/professionnel/mes-offres/{id}` ({id} = the user). */
export function myTendersQuery(userId: number, scope: TenderScope, { page }: { page: number }) {
  return {
    queryKey: ['tenders', 'mine', userId, scope, page] as const,
    queryFn: () => api.get<Page<ProfessionalTender>>(`api/professionnel/mes-offres/${userId}?scope=${scope}&page=${page}&per_page=10`),
  };
}

/**
 * Refreshes the lists after an answer without awaiting the refetch: awaited, it would run before the
 * card's own `onSuccess`, and the refetched list (without the answered tender) could unmount the card
 * first — its callback then never runs and the client's contact is never shown.
 */
function useRefreshTenders() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['tenders'] });
    void queryClient.invalidateQueries({ queryKey: ['projects'] });
  };
}

/** `POST api/professionnel/mes-offres/validate/{id}` ({id} = the tender). */
export function useAcceptTender() {
  const refresh = useRefreshTenders();
  return useMutation({ mutationFn: (id: number) => api.post<{ tender: ProfessionalTender; message: string }>(`api/professionnel/mes-offres/validate/${id}`, {}), onSettled: refresh });
}

/** `POST api/professionnel/mes-offres/refused/{id}` with the reason. */
export function useRefuseTender() {
  const refresh = useRefreshTenders();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api.post<{ tender: ProfessionalTender; message: string }>(`api/professionnel/mes-offres/refused/${id}`, { reason }),
    onSettled: refresh,
  });
}

/** A project file seen through a tender, as a blob URL. */
export function tenderFileUrl(fileId: number, disposition: 'inline' | 'attachment' = 'inline'): Promise<string> {
  return fetchFileUrl(`api/professionnel/mes-offres/fichier/${fileId}?disposition=${disposition}`);
}
