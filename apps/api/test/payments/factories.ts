import { eq } from 'drizzle-orm';
import { invoices, payments, type Database } from '@ouvrage/db';
import { ownedInvoice } from '../invoices/factories';

/**
 * A pending card payment on an invoice the user owns (as its client, or as its issuer), for the
 * permission matrix and payment tests.
 */
export async function ownedPayment(db: Database, user: { id: number; user_type: string }, method: 'carte' | 'virement' = 'carte'): Promise<number> {
  const invoiceId = await ownedInvoice(db, user);
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  const [row] = await db
    .insert(payments)
    .values({
      invoiceId,
      clientId: invoice.clientId,
      issuerId: invoice.issuerId,
      method,
      status: 'en_attente',
      amountCents: invoice.totalTtcCents,
      provider: method === 'carte' ? 'simule' : null,
      checkoutId: method === 'carte' ? `test_${invoiceId}_${Date.now()}` : null,
      createdAt: new Date(),
    })
    .returning({ id: payments.id });
  return row.id;
}
