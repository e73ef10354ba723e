/** A project's invoices and credit notes as timeline entries (issue 12, decision 0830). */
import type { Executor } from '@ouvrage/db';
import type { ActivityItem, ActivityViewer } from '../../lib/project-activity';
import { creditNotesOfInvoices, invoicesOfProject } from './repository';

/**
 * Invoices issued and credit notes, with their TTC amounts. The client and the admin see every
 * invoice of the project; a professional only their own. Also answers the invoices it showed, so
 * that the payments module reads their payments — and only theirs. Two queries.
 */
export async function projectActivity(
  executor: Executor,
  projectId: number,
  viewer: ActivityViewer,
): Promise<{ items: ActivityItem[]; invoices: Array<{ id: number; number: string }> }> {
  const rows = await invoicesOfProject(executor, projectId, viewer.scope === 'participant' ? viewer.id : undefined);
  const notes = await creditNotesOfInvoices(
    executor,
    rows.map((i) => i.id),
  );
  const numberOf = new Map(rows.map((i) => [i.id, i.number]));
  const items: ActivityItem[] = rows.map((i) => ({
    key: `invoice:${i.id}`,
    kind: 'invoice.issued',
    at: i.issuedAt,
    actorId: i.issuerId,
    params: { number: i.number, variant: i.kind, amount_cents: i.totalTtcCents },
    link: `/facture/${i.id}`,
  }));
  for (const n of notes) {
    items.push({
      key: `credit-note:${n.id}`,
      kind: 'credit-note.issued',
      at: n.issuedAt,
      actorId: n.issuerId,
      params: { number: n.number, amount_cents: n.totalTtcCents, ref: numberOf.get(n.invoiceId) },
      link: `/facture/${n.invoiceId}`,
    });
  }
  return { items, invoices: rows.map((i) => ({ id: i.id, number: i.number })) };
}
