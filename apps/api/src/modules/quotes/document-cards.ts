import type { DocumentCard } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import { quoteVersionLabel, todayInParis, type ReferencedDocumentParties } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { statusToday } from './quote-views';
import * as repo from './repository';

/**
 * Quotes as cards in a conversation (decision 1230 « References »): what the card shows, read now
 * (the status of today, the TTC the quote holds), and who may read it — the conversations module
 * decides with the domain's rule.
 */
export interface QuoteCard {
  card: Extract<DocumentCard, { kind: 'quote' }>;
  parties: ReferencedDocumentParties;
}

/** These quotes (unknown ids are absent), or every version of a project's, newest first. */
export async function quoteCards(deps: AppDeps, db: Executor, select: { ids: number[] } | { projectId: number }): Promise<QuoteCard[]> {
  const rows = 'ids' in select ? await repo.findQuotes(db, [...new Set(select.ids)]) : await repo.quotesOfProject(db, select.projectId);
  const today = todayInParis(deps.clock);
  return rows.map((q) => ({
    card: {
      kind: 'quote',
      id: q.id,
      number: q.number ? quoteVersionLabel(q.number, q.version) : null,
      title: q.title,
      status: statusToday(q, today),
      // Once accepted, what the client agreed to (the options taken, decision 1071), as the list shows it.
      total_ttc_cents: q.acceptedTotalTtcCents ?? q.totalTtcCents,
      date: (q.sentAt ?? q.createdAt).toISOString(),
      link: `/devis/${q.id}`,
    },
    parties: { projectId: q.projectId, issuerId: q.issuerId, clientId: q.clientId, draft: q.status === 'Brouillon' },
  }));
}
