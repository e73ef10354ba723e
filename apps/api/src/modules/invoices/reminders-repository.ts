import { and, asc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import { invoiceReminders, invoices, type Executor, type InvoiceRow } from '@ouvrage/db';
import { INVOICE_REMINDER_STEPS } from '@ouvrage/domain';

/** Invoices to remind and the reminders sent (migration 0021, decision 0722). */

const LAST_STEP = INVOICE_REMINDER_STEPS[INVOICE_REMINDER_STEPS.length - 1].step;

/**
 * Invoices with something left to pay (the retenue still withheld not counted) due on or before
 * `dueBy`, oldest first: the index `invoices_due_idx` serves the scan.
 */
export async function unpaidInvoicesDueBy(db: Executor, dueBy: string, afterId: number, limit: number): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(
      and(
        sql`${invoices.paidCents} + ${invoices.creditedCents} + ${invoices.retentionCents} < ${invoices.totalTtcCents}`,
        lt(invoices.creditedCents, invoices.totalTtcCents),
        lte(invoices.dueDate, dueBy),
        gt(invoices.id, afterId),
        // Done with its last step: never scanned again.
        sql`not exists (select 1 from ${invoiceReminders} r where r.invoice_id = ${invoices.id} and r.step = ${LAST_STEP})`,
      ),
    )
    .orderBy(asc(invoices.id))
    .limit(limit);
}

/** Record a step as sent: false when it already was (another run, another instance). */
export async function claimReminder(db: Executor, invoiceId: number, step: string, at: Date): Promise<boolean> {
  const rows = await db.insert(invoiceReminders).values({ invoiceId, step, sentAt: at }).onConflictDoNothing().returning({ id: invoiceReminders.invoiceId });
  return rows.length > 0;
}

export async function remindersOf(db: Executor, invoiceId: number): Promise<string[]> {
  const rows = await db.select({ step: invoiceReminders.step }).from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoiceId));
  return rows.map((r) => r.step);
}
