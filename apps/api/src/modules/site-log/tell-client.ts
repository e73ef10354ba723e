import type { Executor } from '@ouvrage/db';
import type { AppDeps } from '../../lib/deps';
import { notify } from '../notifications';
import { projectsByIds } from '../projects';
import { findUsers } from '../users';
import type { SiteLogEntryRow } from './repository';

/**
 * The client is told of a new entry in their project's journal (decision 1231): a notification
 * `site_log_entry` (group « projects » of their e-mail choices, which they may turn off), in the
 * transaction that writes the entry, so an entry refused tells nothing. The client's own words
 * never come here: only professionals and the admin write entries.
 */
export async function tellClientOfEntry(tx: Executor, deps: AppDeps, entry: SiteLogEntryRow): Promise<void> {
  const [[found], [author]] = await Promise.all([projectsByIds(tx, [entry.projectId]), findUsers(tx, [entry.authorId])]);
  if (!found) return;
  const { project } = found;
  await notify(tx, deps, {
    userId: project.clientId,
    kind: 'site_log_entry',
    params: {
      number: entry.number,
      date: entry.workDate,
      author: author ? `${author.firstname} ${author.lastname}`.trim() || 'Ouvrage' : 'Ouvrage',
      project: project.city,
    },
    link: `/single-projet/${project.id}`,
  });
}
