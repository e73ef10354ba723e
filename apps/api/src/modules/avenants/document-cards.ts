import type { DocumentCard } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import type { ReferencedDocumentParties } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { amountsOf, contextOf, type AvenantContext } from './avenant-views';
import * as repo from './repository';

/**
 * Avenants as cards in a conversation (decision 1230 « References »): the number, the status, the
 * change it makes to the contract in TTC as this module computes it, and who may read it. An
 * avenant has no page of its own: it opens on its quote's page, like its notifications.
 */
export interface AvenantCard {
  card: Extract<DocumentCard, { kind: 'avenant' }>;
  parties: ReferencedDocumentParties;
}

/** These avenants (unknown ids are absent), or a project's, newest first. */
export async function avenantCards(deps: AppDeps, db: Executor, select: { ids: number[] } | { projectId: number }): Promise<AvenantCard[]> {
  const rows = await repo.avenantRowsFor(db, 'ids' in select ? { ids: [...new Set(select.ids)] } : select);
  const contexts = new Map<number, AvenantContext>();
  for (const quoteId of new Set(rows.map((r) => r.quoteId))) contexts.set(quoteId, await contextOf(deps, db, quoteId, { lock: false }));
  return rows.map((row) => ({
    card: {
      kind: 'avenant',
      id: row.id,
      number: row.number,
      title: row.title,
      status: row.status,
      total_ttc_cents: amountsOf(contexts.get(row.quoteId)!, row).change.totals.totalTtcCents,
      date: (row.sentAt ?? row.createdAt).toISOString(),
      link: `/devis/${row.quoteId}`,
    },
    parties: { projectId: row.projectId, issuerId: row.issuerId, clientId: row.clientId, draft: row.status === 'Brouillon' },
  }));
}
