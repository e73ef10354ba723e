/** A project's DGDs as timeline entries (issue 12, decisions 0830, 1222). */
import type { Executor } from '@ouvrage/db';
import type { ActivityItem, ActivityViewer } from '../../lib/project-activity';
import { dgdsOfProject } from './repository';

/**
 * DGD established (by the quote's issuer), accepted or disputed (by the client). The client and the
 * admin see them all; a professional those of their own quotes. One query.
 */
export async function projectActivity(executor: Executor, projectId: number, viewer: ActivityViewer): Promise<ActivityItem[]> {
  const rows = await dgdsOfProject(executor, projectId, viewer.scope === 'participant' ? viewer.id : undefined);
  const items: ActivityItem[] = [];
  for (const r of rows) {
    const link = `/devis/${r.quoteId}`;
    const params = { number: r.number, amount_cents: r.balanceCents };
    items.push({ key: `dgd:${r.id}:established`, kind: 'dgd.established', at: r.issuedAt, actorId: r.issuedBy, params, link });
    if (r.acceptedAt) items.push({ key: `dgd:${r.id}:accepted`, kind: 'dgd.accepted', at: r.acceptedAt, actorId: r.clientId, params, link });
    if (r.disputedAt) items.push({ key: `dgd:${r.id}:disputed`, kind: 'dgd.disputed', at: r.disputedAt, actorId: r.clientId, params, link });
  }
  return items;
}
