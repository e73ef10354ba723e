/** A project's quotes and their versions as timeline entries (issue 12, decision 0830). */
import type { Executor } from '@ouvrage/db';
import type { ActivityKind } from '@ouvrage/contracts';
import type { ActivityItem, ActivityViewer } from '../../lib/project-activity';
import { quoteEventsOfProject } from './repository';

const KIND: Record<string, ActivityKind> = {
  created: 'quote.created',
  'new-version': 'quote.version',
  sent: 'quote.sent',
  replaced: 'quote.replaced',
  accepted: 'quote.accepted',
  refused: 'quote.refused',
  signed: 'quote.signed',
  validated: 'quote.validated',
  expired: 'quote.expired',
  cancelled: 'quote.cancelled',
  withdrawn: 'quote.withdrawn',
};

/** Events about a draft: its issuer's and the admin's business, not the client's. */
const DRAFT_EVENTS = new Set(['created', 'new-version']);
/** From its acceptance on, a quote's amount is the one the client accepted (options chosen). */
const ACCEPTED_EVENTS = new Set(['accepted', 'signed', 'validated']);

/**
 * The quote events (`quote_events`) of the project's quotes. The admin sees them all; the client
 * those of quotes sent to them (a draft, or a version never sent, is its issuer's: the client
 * cannot open it); a professional only their own quotes — never a competitor's, nor its price.
 * One query.
 */
export async function projectActivity(executor: Executor, projectId: number, viewer: ActivityViewer): Promise<ActivityItem[]> {
  const client = viewer.scope === 'full' && !viewer.admin;
  const rows = await quoteEventsOfProject(executor, projectId, { issuerId: viewer.scope === 'participant' ? viewer.id : undefined, sentOnly: client });
  const items: ActivityItem[] = [];
  for (const e of rows) {
    const kind = KIND[e.action];
    if (!kind) continue;
    if (client && (DRAFT_EVENTS.has(e.action) || e.number === null)) continue;
    const amount = ACCEPTED_EVENTS.has(e.action) ? (e.acceptedTotalTtcCents ?? e.totalTtcCents) : e.totalTtcCents;
    items.push({
      key: `quote-event:${e.id}`,
      kind,
      at: e.createdAt,
      actorId: e.actorId,
      params: { ...(e.number ? { number: e.number } : {}), version: e.version, amount_cents: amount, title: e.title },
      link: `/devis/${e.quoteId}`,
    });
  }
  return items;
}
