/** A project's timeline, composed from the modules that own its records (issue 12, decision 0830). */
import type { ActivityEntry, ProjectActivity } from '@ouvrage/contracts';
import type { Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import type { ActivityItem, ActivityViewer } from '../../lib/project-activity';
import { dgdActivity } from '../dgd';
import { invoiceActivity } from '../invoices';
import { paymentActivity } from '../payments';
import { projectActivity } from '../projects';
import { quoteActivity } from '../quotes';
import { receptionActivity } from '../reception';
import { contractActivity } from '../signature';
import { siteLogActivity } from '../site-log';
import { tenderActivity } from '../tenders';
import { findUsers } from '../users';

/**
 * At one instant, the consequence reads above its cause (newest first): a tender accepted moves
 * the project in the same transaction, a quote signed is accepted at the same instant.
 */
const SOURCE_RANK: Record<string, number> = { project: 0, tender: 1, 'quote-event': 2, signature: 3, invoice: 4, 'credit-note': 5, payment: 6, reception: 7 };
const rankOf = (item: ActivityItem) => SOURCE_RANK[item.key.slice(0, item.key.indexOf(':'))] ?? 0;

/**
 * The caller's view of the project's timeline, newest first, the `limit` newest entries. The
 * ownership hook has already checked that the caller may open the project (its client, a
 * professional whose tender was accepted, an admin). A fixed number of queries whatever the size
 * of the project: the project and its history (2), tenders (1), quote events (1), contracts (1),
 * invoices and credit notes (2), payments (1), réceptions (1), final accounts (1), journal entries (1), the authors' names (1).
 */
export async function projectTimeline(deps: AppDeps, caller: Caller, projectId: number, limit: number): Promise<ProjectActivity> {
  const db = deps.db;
  const project = await projectActivity(db, projectId);
  if (!project) throw notFound('Projet introuvable.');
  const admin = caller.user_type === 'admin';
  const viewer: ActivityViewer = { id: caller.id, admin, scope: admin || caller.id === project.clientId ? 'full' : 'participant', now: deps.clock.now() };
  const [tenders, quotes, contracts, invoices, receptions, dgds, journal] = await Promise.all([
    tenderActivity(db, projectId, viewer),
    quoteActivity(db, projectId, viewer),
    contractActivity(db, projectId, viewer),
    invoiceActivity(db, projectId, viewer),
    receptionActivity(db, projectId, viewer),
    dgdActivity(db, projectId, viewer),
    siteLogActivity(db, projectId, viewer),
  ]);
  const payments = await paymentActivity(db, invoices.invoices);
  const all = [...project.items, ...tenders, ...quotes, ...contracts, ...invoices.items, ...payments, ...receptions, ...dgds, ...journal].sort(
    (a, b) => b.at.getTime() - a.at.getTime() || rankOf(b) - rankOf(a) || b.key.localeCompare(a.key, 'en', { numeric: true }),
  );
  const page = all.slice(0, limit);
  const ids = new Set<number>();
  for (const item of page) {
    if (item.actorId !== null) ids.add(item.actorId);
    if (item.partyId !== undefined) ids.add(item.partyId);
  }
  const users = new Map((await findUsers(db, [...ids])).map((u) => [u.id, u]));
  const nameOf = (id: number) => {
    const u = users.get(id);
    return u ? `${u.firstname} ${u.lastname}`.trim() || u.email : null;
  };
  return {
    project_id: projectId,
    total: all.length,
    items: page.map((item): ActivityEntry => {
      const actor = item.actorId === null ? undefined : users.get(item.actorId);
      const party = item.partyId === undefined ? null : nameOf(item.partyId);
      return {
        id: item.key,
        kind: item.kind,
        at: item.at.toISOString(),
        who: actor ? { name: nameOf(actor.id) ?? '', role: actor.userType } : null,
        params: party ? { ...item.params, party } : item.params,
        link: item.link,
      };
    }),
  };
}
