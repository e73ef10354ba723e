import type { TenderProgress } from '@ouvrage/contracts';
import type { AppDeps } from '../../lib/deps';
import * as repo from './repository';

/**
 * `GET api/project/avancement-offres/{id}`: how the tenders sent on the client's project stand,
 * by effective status (a tender past its deadline counts as expired before the sweep persists it).
 * Drafts (validation "0") are the admin's work in progress and are not counted.
 */
export async function projectTenderProgress(deps: AppDeps, projectId: number): Promise<TenderProgress> {
  const [counts, settings] = await Promise.all([repo.sentStatusCounts(deps.db, projectId), repo.getSettings(deps.db)]);
  const n = (status: Parameters<typeof counts.get>[0]) => counts.get(status) ?? 0;
  return {
    sent: [...counts.values()].reduce((a, b) => a + b, 0),
    accepted: n('Acceptée'),
    refused: n('Refusée'),
    waiting: n('Disponible'),
    expired: n('Expirée'),
    closed: n('Clôturée'),
    max_acceptances: settings.maxAcceptances,
  };
}
