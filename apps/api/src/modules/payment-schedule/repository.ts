import { and, asc, eq, inArray } from 'drizzle-orm';
import { paymentMilestones, paymentSchedules, type Executor, type PaymentMilestoneRow, type PaymentScheduleRow } from '@ouvrage/db';
import type { ScheduleContractKind } from '@ouvrage/domain';

/** The payment-schedule module's SQL (migration 0050): its two tables only. */

export type { PaymentMilestoneRow, PaymentScheduleRow };
export type NewMilestone = Omit<typeof paymentMilestones.$inferInsert, 'id' | 'quoteId' | 'createdAt' | 'updatedAt'>;

export async function findSchedule(db: Executor, quoteId: number): Promise<{ schedule: PaymentScheduleRow; milestones: PaymentMilestoneRow[] } | undefined> {
  const [schedule] = await db.select().from(paymentSchedules).where(eq(paymentSchedules.quoteId, quoteId));
  if (!schedule) return undefined;
  const milestones = await db.select().from(paymentMilestones).where(eq(paymentMilestones.quoteId, quoteId)).orderBy(asc(paymentMilestones.position));
  return { schedule, milestones };
}

/** Replace the quote's schedule: its row kept (or made), its milestones written again in order. */
export async function replaceSchedule(tx: Executor, quoteId: number, contractKind: ScheduleContractKind, milestones: NewMilestone[], at: Date): Promise<void> {
  await tx
    .insert(paymentSchedules)
    .values({ quoteId, contractKind, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: paymentSchedules.quoteId, set: { contractKind, updatedAt: at } });
  await tx.delete(paymentMilestones).where(eq(paymentMilestones.quoteId, quoteId));
  if (milestones.length) await tx.insert(paymentMilestones).values(milestones.map((m) => ({ ...m, quoteId, createdAt: at, updatedAt: at })));
}

export async function deleteSchedule(tx: Executor, quoteId: number): Promise<void> {
  await tx.delete(paymentSchedules).where(eq(paymentSchedules.quoteId, quoteId));
}

/**
 * The milestone reached: `upcoming` → `prepared` with the invoice it asks, only if still upcoming.
 * A second reach (the job and the architect at once, two clicks) waits on the row, then finds it
 * prepared and changes nothing: undefined.
 */
export async function markPrepared(
  tx: Executor,
  id: number,
  prepared: { kind: 'acompte' | 'solde'; amountCents: number; at: Date },
): Promise<PaymentMilestoneRow | undefined> {
  const [row] = await tx
    .update(paymentMilestones)
    .set({ state: 'prepared', reachedAt: prepared.at, preparedKind: prepared.kind, preparedAmountCents: prepared.amountCents, updatedAt: prepared.at })
    .where(and(eq(paymentMilestones.id, id), eq(paymentMilestones.state, 'upcoming')))
    .returning();
  return row;
}

/** The prepared milestone invoiced: `prepared` → `invoiced`, only if still prepared. */
export async function markInvoiced(tx: Executor, id: number, invoiceId: number, at: Date): Promise<PaymentMilestoneRow | undefined> {
  const [row] = await tx
    .update(paymentMilestones)
    .set({ state: 'invoiced', invoiceId, updatedAt: at })
    .where(and(eq(paymentMilestones.id, id), eq(paymentMilestones.state, 'prepared')))
    .returning();
  return row;
}

/** The quotes with a deposit or a dated milestone not reached yet: the job looks at each. */
export async function quotesWithTimedMilestones(db: Executor): Promise<number[]> {
  const rows = await db
    .selectDistinct({ quoteId: paymentMilestones.quoteId })
    .from(paymentMilestones)
    .where(and(eq(paymentMilestones.state, 'upcoming'), inArray(paymentMilestones.triggerKind, ['signature', 'date'])))
    .orderBy(asc(paymentMilestones.quoteId));
  return rows.map((r) => r.quoteId);
}

/** A new version of the quote starts from this one's schedule as set: every milestone upcoming again. */
export async function copySchedule(tx: Executor, fromQuoteId: number, toQuoteId: number, at: Date): Promise<void> {
  const found = await findSchedule(tx, fromQuoteId);
  if (!found) return;
  const milestones: NewMilestone[] = found.milestones.map((m) => ({
    position: m.position,
    triggerKind: m.triggerKind,
    stage: m.stage,
    label: m.label,
    dueOn: m.dueOn,
    percentBp: m.percentBp,
    amountCents: m.amountCents,
  }));
  await replaceSchedule(tx, toQuoteId, found.schedule.contractKind, milestones, at);
}
