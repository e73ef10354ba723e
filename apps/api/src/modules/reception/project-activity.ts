/** A project's réceptions as timeline entries (issue 12, decision 0830). */
import type { Executor } from '@ouvrage/db';
import type { ActivityItem, ActivityViewer } from '../../lib/project-activity';
import { receptionsOfProject } from './repository';

/**
 * Réception recorded (by the quote's issuer), its PV signed (by the client), the retenue de
 * garantie released. The client and the admin see them all; a professional those of their own
 * quotes. One query.
 */
export async function projectActivity(executor: Executor, projectId: number, viewer: ActivityViewer): Promise<ActivityItem[]> {
  const rows = await receptionsOfProject(executor, projectId, viewer.scope === 'participant' ? viewer.id : undefined);
  const items: ActivityItem[] = [];
  for (const r of rows) {
    const link = `/devis/${r.quoteId}/reception`;
    items.push({
      key: `reception:${r.id}:recorded`,
      kind: 'reception.recorded',
      at: r.createdAt,
      actorId: r.createdBy,
      params: { date: r.receptionDate },
      link,
    });
    if (r.signedAt) items.push({ key: `reception:${r.id}:signed`, kind: 'reception.signed', at: r.signedAt, actorId: r.clientId, params: {}, link });
    if (r.retentionReleasedAt)
      items.push({
        key: `reception:${r.id}:released`,
        kind: 'reception.retention-released',
        at: r.retentionReleasedAt,
        actorId: r.retentionReleasedBy,
        params: { date: r.retentionReleasedOn ?? undefined },
        link,
      });
  }
  return items;
}
