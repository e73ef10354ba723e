import type { SiteLogCommentBody, SiteLogEntryDetail } from '@ouvrage/contracts';
import type { Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import * as repo from './repository';
import { getEntry } from './site-log-views';

/**
 * Comment on an entry (decision 1231): its project's client, the professionals who write the
 * journal, the admin — the entry's owners, checked by access control. A comment is never edited.
 */
export async function commentEntry(deps: AppDeps, caller: Caller, entryId: number, body: SiteLogCommentBody): Promise<SiteLogEntryDetail> {
  const entry = await repo.findEntry(deps.db, entryId);
  if (!entry) throw notFound('Entrée du journal introuvable.');
  await repo.insertComment(deps.db, { entryId, authorId: caller.id, body: body.body.trim(), createdAt: deps.clock.now() });
  return getEntry(deps, entryId, caller);
}
