import { and, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { firstDemoInvoice } from './demo-first-invoice';
import { payments, users } from '../schema';

/**
 * Card payments demo (development only, decision 0730): on the demo client's deposit invoice, a card
 * attempt declined by the simulated checkout the day after issue (the client then declared a bank
 * transfer, see demo-transfers), so « Paiement » lists something and the invoice shows the attempt.
 * A declined card moves no money; a confirmed one would clash with the declared transfer of the
 * whole amount. Runs after the demo invoices; idempotent.
 */
export async function seedDemoCardPayments({ db }: DatabaseHandle): Promise<void> {
  const [architect] = await db.select().from(users).where(eq(users.email, 'architecte@ouvrage.test'));
  if (!architect) return;
  const invoice = await firstDemoInvoice(db, architect.id);
  if (!invoice) return;
  const existing = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoice.id), eq(payments.method, 'carte')))
    .limit(1);
  if (existing.length) return;
  await db.insert(payments).values({
    invoiceId: invoice.id,
    clientId: invoice.clientId,
    issuerId: invoice.issuerId,
    method: 'carte',
    status: 'echoue',
    amountCents: invoice.totalTtcCents - invoice.retentionCents,
    provider: 'simule',
    checkoutId: `sim_demo_${invoice.id}`,
    failureReason: 'card_declined',
    createdBy: invoice.clientId,
    createdAt: new Date(invoice.issuedAt.getTime() + 86_400_000),
  });
}
