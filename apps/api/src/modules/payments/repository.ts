import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { paymentEvents, payments, type Executor, type PaymentInsert, type PaymentRow } from '@ouvrage/db';

export type { PaymentInsert, PaymentRow };

export async function insertPayment(db: Executor, values: PaymentInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row;
}

export async function findPayment(db: Executor, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** The payment row locked until the caller's transaction ends. */
export async function lockPayment(db: Executor, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

export async function findByCheckout(db: Executor, provider: string, checkoutId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.checkoutId, checkoutId)));
  return row;
}

/** The checkouts of a provider still pending that were opened before `before`, oldest first (on `payments_pending_idx`). */
export async function pendingCheckoutsOpenedBefore(db: Executor, provider: string, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ checkoutId: payments.checkoutId })
    .from(payments)
    .where(
      and(
        eq(payments.method, 'carte'),
        eq(payments.status, 'en_attente'),
        eq(payments.provider, provider),
        isNotNull(payments.checkoutId),
        lt(payments.createdAt, before),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(limit);
  return rows.map((r) => r.checkoutId!);
}

/** Owners of a payment for access control: the invoice's client and issuer; null when unknown. */
export async function ownersOfPayment(db: Executor, id: number): Promise<number[] | null> {
  const [row] = await db.select({ clientId: payments.clientId, issuerId: payments.issuerId }).from(payments).where(eq(payments.id, id));
  return row ? [row.clientId, row.issuerId] : null;
}

export async function updatePayment(db: Executor, id: number, values: Partial<PaymentInsert>): Promise<PaymentRow> {
  const [row] = await db.update(payments).set(values).where(eq(payments.id, id)).returning();
  return row;
}

/**
 * Records a provider event as applied; false when it already was. Call it inside the transaction
 * that applies the event: a replay then finds the row and changes nothing (decision 0730).
 */
export async function recordEvent(
  db: Executor,
  event: { provider: string; eventId: string; type: string; paymentId: number | null; receivedAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ eventId: paymentEvents.eventId });
  return rows.length > 0;
}

/** Whether any payment names the user (retention: payments are accounting records). */
export async function paymentsNameUser(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(payments)
    .where(
      sql`${payments.clientId} = ${userId} OR ${payments.issuerId} = ${userId} OR ${payments.createdBy} = ${userId} OR ${payments.confirmedBy} = ${userId}`,
    )
    .limit(1);
  return Boolean(row);
}

/** The payments of some invoices, for a project's timeline (decision 0830). */
export async function paymentsOfInvoices(db: Executor, invoiceIds: number[]): Promise<PaymentRow[]> {
  if (invoiceIds.length === 0) return [];
  return db.select().from(payments).where(inArray(payments.invoiceId, invoiceIds)).orderBy(asc(payments.id));
}
