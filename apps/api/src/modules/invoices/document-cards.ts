import type { DocumentCard } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import { todayInParis, type ReferencedDocumentParties } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { statusOf } from './invoice-views';
import * as repo from './repository';

/**
 * Invoices as cards in a conversation (decision 1230 « References »): the number, the status of
 * today, the TTC as issued, and who may read it (an invoice is never a draft: issued when made).
 */
export interface InvoiceCard {
  card: Extract<DocumentCard, { kind: 'invoice' }>;
  parties: ReferencedDocumentParties;
}

/** These invoices (unknown ids are absent), or a project's, newest first. */
export async function invoiceCards(deps: AppDeps, db: Executor, select: { ids: number[] } | { projectId: number }): Promise<InvoiceCard[]> {
  const rows = await repo.invoiceRowsFor(db, 'ids' in select ? { ids: [...new Set(select.ids)] } : select);
  const today = todayInParis(deps.clock);
  return rows.map((row) => ({
    card: {
      kind: 'invoice',
      id: row.id,
      number: row.number,
      title: row.title,
      status: statusOf(row, today),
      total_ttc_cents: row.totalTtcCents,
      date: row.issueDate,
      link: `/facture/${row.id}`,
    },
    parties: { projectId: row.projectId, issuerId: row.issuerId, clientId: row.clientId, draft: false },
  }));
}
