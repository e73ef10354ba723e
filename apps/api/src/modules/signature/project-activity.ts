/** A project's contracts sent for signature as timeline entries (issue 12, decision 0830). */
import type { Executor } from '@ouvrage/db';
import type { ActivityItem, ActivityViewer } from '../../lib/project-activity';
import { documentsOfProject } from './documents-repository';

/**
 * Contracts uploaded for the project and sent for e-signature: sent (by their owner), signed by
 * every signer (the platform completes it). Quotes and réception PVs are signed through their own
 * modules' entries. The client and the admin see them all; a professional their own. One query.
 */
export async function projectActivity(executor: Executor, projectId: number, viewer: ActivityViewer): Promise<ActivityItem[]> {
  const rows = await documentsOfProject(executor, projectId, 'contract', viewer.scope === 'participant' ? viewer.id : undefined);
  const items: ActivityItem[] = [];
  for (const d of rows) {
    const base = { params: { title: d.title }, link: '/document' };
    if (d.sentAt) items.push({ key: `signature:${d.id}:sent`, kind: 'signature.sent', at: d.sentAt, actorId: d.ownerId, ...base });
    if (d.signedAt) items.push({ key: `signature:${d.id}:signed`, kind: 'signature.signed', at: d.signedAt, actorId: null, ...base });
  }
  return items;
}
