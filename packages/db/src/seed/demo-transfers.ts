import { and, eq } from 'drizzle-orm';
import { addDays, amountLeftToPay, invoiceCreditorReference, type CalendarDate } from '@ouvrage/domain';
import type { DatabaseHandle } from '../client';
import { firstDemoInvoice } from './demo-first-invoice';
import { bankTransfers, invoiceSettings, payments, users } from '../schema';

/** The demo architect's bank details (a valid test IBAN), printed on the demo invoice too. */
export const DEMO_BANK = { iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' } as const;

/**
 * Bank transfers demo (development only, decision 0731): the demo architect's bank details, and on
 * the demo client's deposit invoice a transfer the client declared two days after issue, pending
 * the admin's confirmation (« Virements »). Runs after the demo invoices; idempotent.
 */
export async function seedDemoTransfers({ db }: DatabaseHandle): Promise<void> {
  const [architect] = await db.select().from(users).where(eq(users.email, 'architecte@ouvrage.test'));
  if (!architect) return;
  await db
    .insert(invoiceSettings)
    .values({ userId: architect.id, iban: DEMO_BANK.iban, bic: DEMO_BANK.bic, tvaOnDebits: false, updatedAt: new Date() })
    .onConflictDoNothing();
  const invoice = await firstDemoInvoice(db, architect.id);
  if (!invoice) return;
  const existing = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoice.id), eq(payments.method, 'virement')))
    .limit(1);
  const left = amountLeftToPay(invoice);
  if (existing.length || left <= 0) return;
  const declaredOn = addDays(invoice.issueDate as CalendarDate, 2);
  await db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({
        invoiceId: invoice.id,
        clientId: invoice.clientId,
        issuerId: invoice.issuerId,
        method: 'virement',
        status: 'en_attente',
        amountCents: left,
        reference: invoiceCreditorReference(invoice),
        createdBy: invoice.clientId,
        createdAt: new Date(invoice.issuedAt.getTime() + 2 * 86_400_000),
      })
      .returning({ id: payments.id });
    await tx.insert(bankTransfers).values({ paymentId: payment.id, declaredOn });
  });
}
