/** Payments of a project's invoices as timeline entries (issue 12, decision 0830). */
import type { Executor } from '@ouvrage/db';
import type { ActivityItem } from '../../lib/project-activity';
import { paymentsOfInvoices } from './repository';

/**
 * The payments of the invoices the invoices module showed the reader (so a professional sees the
 * payments of their own invoices only): a transfer declared by the client, then confirmed (by the
 * admin, or the bank statement — the platform); a card payment once the provider confirmed it, or
 * its failure. A checkout opened and left is not an event. One query.
 */
export async function projectActivity(executor: Executor, invoices: Array<{ id: number; number: string }>): Promise<ActivityItem[]> {
  const numberOf = new Map(invoices.map((i) => [i.id, i.number]));
  const rows = await paymentsOfInvoices(
    executor,
    invoices.map((i) => i.id),
  );
  const items: ActivityItem[] = [];
  for (const p of rows) {
    const base = { params: { amount_cents: p.amountCents, variant: p.method, ref: numberOf.get(p.invoiceId) }, link: `/facture/${p.invoiceId}` };
    if (p.method === 'virement') {
      items.push({ key: `payment:${p.id}:declared`, kind: 'payment.declared', at: p.createdAt, actorId: p.createdBy ?? p.clientId, ...base });
      if (p.status === 'confirme')
        items.push({ key: `payment:${p.id}:confirmed`, kind: 'payment.confirmed', at: p.confirmedAt ?? p.createdAt, actorId: p.confirmedBy, ...base });
    } else if (p.status === 'confirme') {
      items.push({
        key: `payment:${p.id}:confirmed`,
        kind: 'payment.confirmed',
        at: p.confirmedAt ?? p.createdAt,
        actorId: p.createdBy ?? p.clientId,
        ...base,
      });
    } else if (p.status === 'echoue') {
      items.push({ key: `payment:${p.id}:failed`, kind: 'payment.failed', at: p.confirmedAt ?? p.createdAt, actorId: null, ...base });
    }
  }
  return items;
}
