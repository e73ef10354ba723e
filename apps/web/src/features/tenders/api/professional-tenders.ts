import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tenderLines, tenderRoutes } from '@ouvrage/contracts';
import { fetchFileUrl } from '../../../lib/api-client';
import { callEndpoint, endpointUrl } from '../../../lib/endpoint-client';

export type TenderScope = 'available' | 'past';

/** `GET api/professionnel/mes-offres/{id}` ({id} = the user). */
export function myTendersQuery(userId: number, scope: TenderScope, { page }: { page: number }) {
  return {
    queryKey: ['tenders', 'mine', userId, scope, page] as const,
    queryFn: () => callEndpoint(tenderRoutes.myTenders, { params: { id: userId }, query: { scope, page, per_page: 10 } }),
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
  return useMutation({ mutationFn: (id: number) => callEndpoint(tenderRoutes.acceptTender, { params: { id } }), onSettled: refresh });
}

/** `POST api/professionnel/mes-offres/refused/{id}` with the reason. */
export function useRefuseTender() {
  const refresh = useRefreshTenders();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => callEndpoint(tenderRoutes.refuseTender, { params: { id }, body: { reason } }),
    onSettled: refresh,
  });
}

/** A project file seen through a tender, as a blob URL. */
export function tenderFileUrl(fileId: number, disposition: 'inline' | 'attachment' = 'inline'): Promise<string> {
  return fetchFileUrl(endpointUrl(tenderLines.tenderFile, { params: { id: fileId }, query: { disposition } }));
}
