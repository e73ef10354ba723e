import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { siteLogRoutes, type SiteLogEntryDetail } from '@ouvrage/contracts';
import { callEndpoint, uploadToEndpoint } from '../../../lib/endpoint-client';
import { entryForm, type EntryDraft } from '../model/entry-form';

export const siteLogKeys = {
  /** Everything of a project's journal: its pages and its entries. */
  all: (projectId: number) => ['site-log', projectId] as const,
  page: (projectId: number, request: object) => ['site-log', projectId, 'page', request] as const,
  entry: (projectId: number, entryId: number) => ['site-log', projectId, 'entry', entryId] as const,
};

/** `GET /api/projet/{id}/journal`: a page of the journal, newest entry first, with `can_write` — for `useListQuery`. */
export function journalPageQuery(projectId: number) {
  return (request: { page: number; per_page: number }) => ({
    queryKey: siteLogKeys.page(projectId, request),
    queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint(siteLogRoutes.journal, { params: { id: projectId }, query: request }, { signal }),
  });
}

/**
 * `POST /api/projet/{id}/journal`: a new entry (or a correction), always as a multipart form — its
 * fields as text and its photos in `photos` —, with the upload's progress.
 */
export function useWriteEntry(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ draft, onProgress }: { draft: EntryDraft; onProgress?: (percent: number) => void }) =>
      uploadToEndpoint(siteLogRoutes.writeEntry, { id: projectId }, entryForm(draft), onProgress),
    onSuccess: () => client.invalidateQueries({ queryKey: siteLogKeys.all(projectId) }),
  });
}

/** `GET /api/journal/{id}`: an entry with its comments, read when its comments are opened. */
export function useEntryDetail(projectId: number, entryId: number, enabled: boolean) {
  return useQuery({
    queryKey: siteLogKeys.entry(projectId, entryId),
    queryFn: ({ signal }) => callEndpoint(siteLogRoutes.entry, { params: { id: entryId } }, { signal }),
    enabled,
  });
}

/** `POST /api/journal/{id}/commentaires`: the entry answered with its comments; the journal's counts are read again. */
export function useCommentEntry(projectId: number, entryId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => callEndpoint(siteLogRoutes.comment, { params: { id: entryId }, body: { body } }),
    onSuccess: (entry: SiteLogEntryDetail) => {
      client.setQueryData(siteLogKeys.entry(projectId, entryId), entry);
      void client.invalidateQueries({ queryKey: ['site-log', projectId, 'page'] });
    },
  });
}
