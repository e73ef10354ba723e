import { and, asc, count, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { payments, sepaMandates, type Executor, type SepaMandateInsert, type SepaMandateRow } from '@ouvrage/db';
import type { PaymentRow } from './repository';

/** The SQL of SEPA mandates and direct debits (migration 0053, decision 1223): the payments module's tables only. */

export type { SepaMandateRow };

export async function findMandate(db: Executor, id: number): Promise<SepaMandateRow | undefined> {
  const [row] = await db.select().from(sepaMandates).where(eq(sepaMandates.id, id));
  return row;
}

/** The mandate locked until the caller's transaction ends: a revocation and a debit of it wait on each other. */
export async function lockMandate(db: Executor, id: number): Promise<SepaMandateRow | undefined> {
  const [row] = await db.select().from(sepaMandates).where(eq(sepaMandates.id, id)).for('update');
  return row;
}

/** The contract's active mandate, if any (at most one: `sepa_mandates_active_quote_key`). */
export async function activeMandateOf(db: Executor, quoteId: number): Promise<SepaMandateRow | undefined> {
  const [row] = await db
    .select()
    .from(sepaMandates)
    .where(and(eq(sepaMandates.quoteId, quoteId), eq(sepaMandates.status, 'active')));
  return row;
}

/** The contract's latest mandate, active or revoked (the invoice shows a revoked one too). */
export async function latestMandateOf(db: Executor, quoteId: number): Promise<SepaMandateRow | undefined> {
  const rows = await db.select().from(sepaMandates).where(eq(sepaMandates.quoteId, quoteId)).orderBy(asc(sepaMandates.id));
  return rows.at(-1);
}

/** How many mandates the contract has had: the next one's rank in its reference (RUM). */
export async function mandateCount(db: Executor, quoteId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sepaMandates).where(eq(sepaMandates.quoteId, quoteId));
  return Number(row?.n ?? 0);
}

export async function findByProviderMandate(db: Executor, provider: string, providerMandateId: string): Promise<SepaMandateRow | undefined> {
  const [row] = await db
    .select()
    .from(sepaMandates)
    .where(and(eq(sepaMandates.provider, provider), eq(sepaMandates.providerMandateId, providerMandateId)));
  return row;
}

/** A new active mandate; a second active one for the contract fails on the partial unique index (23505). */
export async function insertMandate(db: Executor, values: SepaMandateInsert): Promise<SepaMandateRow> {
  const [row] = await db.insert(sepaMandates).values(values).returning();
  return row;
}

/** Active → revoked, only if still active: undefined when it already was. */
export async function revokeMandate(db: Executor, id: number, at: Date, reason: 'client' | 'bank'): Promise<SepaMandateRow | undefined> {
  const [row] = await db
    .update(sepaMandates)
    .set({ status: 'revoked', revokedAt: at, revokedReason: reason })
    .where(and(eq(sepaMandates.id, id), eq(sepaMandates.status, 'active')))
    .returning();
  return row;
}

/** The mandate's debits announced and not yet handed to the bank: a revocation cancels them. */
export async function scheduledDebitsOf(db: Executor, mandateId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.mandateId, mandateId), eq(payments.status, 'en_attente'), isNull(payments.submittedAt)))
    .orderBy(asc(payments.id));
}

/** Whether a debit of the invoice is with the bank (« prélèvement en cours »): no other payment meanwhile. */
export async function debitInProgress(db: Executor, invoiceId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.method, 'prelevement'), eq(payments.status, 'en_attente'), isNotNull(payments.submittedAt)))
    .limit(1);
  return Boolean(row);
}

/** The simulated bank's debits handed to it before `before`, still pending, oldest first: their answer is due. */
export async function simulatedDebitsSubmittedBefore(db: Executor, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ checkoutId: payments.checkoutId })
    .from(payments)
    .where(
      and(
        eq(payments.method, 'prelevement'),
        eq(payments.status, 'en_attente'),
        eq(payments.provider, 'simule'),
        isNotNull(payments.checkoutId),
        lte(payments.submittedAt, before),
      ),
    )
    .orderBy(asc(payments.submittedAt))
    .limit(limit);
  return rows.map((r) => r.checkoutId!);
}
