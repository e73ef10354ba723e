import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { invoices, type Executor, type InvoiceRow } from '@ouvrage/db';

/** The invoices of these ids (the bank-transfer screens' facts), read without a lock. */
export async function invoicesByIds(db: Executor, ids: number[]): Promise<InvoiceRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(invoices)
    .where(inArray(invoices.id, [...new Set(ids)]));
}

/**
 * Invoices not cancelled whose amount left to pay (TTC − credit notes − payments − the retenue
 * until released) is one of `amounts`: statement matching by amount, at most 1 000 rows.
 */
export async function openInvoicesLeftIn(db: Executor, amounts: number[]): Promise<InvoiceRow[]> {
  if (!amounts.length) return [];
  const left = sql<number>`(${invoices.totalTtcCents} - ${invoices.creditedCents} - ${invoices.paidCents} - (case when ${invoices.retentionReleasedOn} is null then ${invoices.retentionCents} else 0 end))`;
  return db
    .select()
    .from(invoices)
    .where(and(lt(invoices.creditedCents, invoices.totalTtcCents), inArray(left, [...new Set(amounts)])))
    .limit(1000);
}

/** Adds a confirmed payment to the invoice's paid amount (the caller holds the invoice's lock). */
export async function addPaidCents(tx: Executor, invoiceId: number, cents: number): Promise<InvoiceRow> {
  const [row] = await tx
    .update(invoices)
    .set({ paidCents: sql`${invoices.paidCents} + ${cents}` })
    .where(eq(invoices.id, invoiceId))
    .returning();
  return row;
}
