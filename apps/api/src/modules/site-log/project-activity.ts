/** A project's journal entries as timeline entries (issue 12, decisions 0830, 1231). */
import type { Executor } from '@ouvrage/db';
import type { ActivityItem, ActivityViewer } from '../../lib/project-activity';
import { journalEntries } from './repository';

/**
 * « Entrée n° 3 du 12/11/2026 au journal de chantier », by its author, linking to the project's
 * page where the journal is. The timeline's readers are the journal's (the project's owners), so
 * everyone sees every entry. One query.
 */
export async function siteLogActivity(executor: Executor, projectId: number, _viewer: ActivityViewer): Promise<ActivityItem[]> {
  const rows = await journalEntries(executor, projectId);
  return rows.map((r) => ({
    key: `site-log:${r.id}`,
    kind: 'site-log.entry',
    at: r.createdAt,
    actorId: r.authorId,
    params: { number: String(r.number), date: r.workDate },
    link: `/single-projet/${projectId}`,
  }));
}
