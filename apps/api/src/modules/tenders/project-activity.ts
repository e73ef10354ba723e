/** A project's tenders as timeline entries (issue 12, decision 0830). */
import type { Executor } from '@ouvrage/db';
import type { ActivityItem, ActivityViewer } from '../../lib/project-activity';
import { sentTendersOfProject } from './repository';

/**
 * Each sent tender: sent (by the admin, to a professional), then its answer or its end (expired,
 * closed, withdrawn — the platform's doing). The client and the admin see every tender; a
 * professional only their own. The tender list is the professionals' and the admin's screen: the
 * client's entries have no link. One query.
 */
export async function projectActivity(executor: Executor, projectId: number, viewer: ActivityViewer): Promise<ActivityItem[]> {
  const rows = await sentTendersOfProject(executor, projectId, viewer.scope === 'participant' ? viewer.id : undefined);
  const link = viewer.scope === 'participant' || viewer.admin ? '/list-offre' : null;
  const items: ActivityItem[] = [];
  for (const t of rows) {
    const base = { link, partyId: t.professionalId };
    items.push({ key: `tender:${t.id}:sent`, kind: 'tender.sent', at: t.createdAt, actorId: t.createdBy, params: {}, ...base });
    const ended = t.closedAt ?? t.updatedAt;
    if (t.status === 'Acceptée')
      items.push({ key: `tender:${t.id}:answer`, kind: 'tender.accepted', at: t.answeredAt ?? t.updatedAt, actorId: t.professionalId, params: {}, ...base });
    else if (t.status === 'Refusée')
      items.push({ key: `tender:${t.id}:answer`, kind: 'tender.refused', at: t.answeredAt ?? t.updatedAt, actorId: t.professionalId, params: {}, ...base });
    else if (t.status === 'Expirée')
      items.push({ key: `tender:${t.id}:end`, kind: 'tender.expired', at: t.closedAt ?? t.replyDeadline, actorId: null, params: {}, ...base });
    else if (t.status === 'Clôturée') items.push({ key: `tender:${t.id}:end`, kind: 'tender.closed', at: ended, actorId: null, params: {}, ...base });
    else if (t.status === 'Retirée') items.push({ key: `tender:${t.id}:end`, kind: 'tender.withdrawn', at: ended, actorId: null, params: {}, ...base });
    // Not yet swept: unanswered past its deadline, it is already expired (decision 0304).
    else if (t.replyDeadline.getTime() <= viewer.now.getTime())
      items.push({ key: `tender:${t.id}:end`, kind: 'tender.expired', at: t.replyDeadline, actorId: null, params: {}, ...base });
  }
  return items;
}
