import { useQuery } from '@tanstack/react-query';
import { siteLogRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { siteLogKeys } from './site-log';

/** How many of the latest entries a picker offers (the journal's largest page). */
const PICKER_ENTRIES = 100;

/**
 * The project's latest entries, newest first, for a picker (an invoice's justification, a
 * reservation's photo, decision 1232); `undefined` data and no error shown when the caller may not
 * read the journal (403): the picker is then left out.
 */
export function useProjectEntries(projectId: number, enabled = true) {
  return useQuery({
    queryKey: siteLogKeys.page(projectId, { page: 1, per_page: PICKER_ENTRIES }),
    queryFn: ({ signal }) => callEndpoint(siteLogRoutes.journal, { params: { id: projectId }, query: { page: 1, per_page: PICKER_ENTRIES } }, { signal }),
    enabled,
    retry: false,
  });
}
