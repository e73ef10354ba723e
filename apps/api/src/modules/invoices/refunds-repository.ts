import { asc, eq, sql } from 'drizzle-orm';
import { invoiceRefunds, invoices, type Executor, type InvoiceRefundRow, type InvoiceRow } from '@ouvrage/db';

/** Refunds of what a credit note left overpaid (migration 0041, decision 1062). */
export type { InvoiceRefundRow };

export async function refundsOf(db: Executor, invoiceId: number): Promise<InvoiceRefundRow[]> {
  return db.select().from(invoiceRefunds).where(eq(invoiceRefunds.invoiceId, invoiceId)).orderBy(asc(invoiceRefunds.id));
}

/** The refund row and the invoice's refunded sum, in the caller's transaction (the invoice locked first). */
export async function insertRefund(
  db: Executor,
  values: { invoiceId: number; amountCents: number; refundedOn: string; recordedBy: number; recordedAt: Date },
): Promise<InvoiceRow> {
  await db.insert(invoiceRefunds).values(values);
  const [row] = await db
    .update(invoices)
    .set({ refundedCents: sql`${invoices.refundedCents} + ${values.amountCents}` })
    .where(eq(invoices.id, values.invoiceId))
    .returning();
  return row;
}
