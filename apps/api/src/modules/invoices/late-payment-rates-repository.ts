import { asc } from 'drizzle-orm';
import { latePaymentRates, type Executor } from '@ouvrage/db';

export type LatePaymentRateRow = typeof latePaymentRates.$inferSelect;

/** The whole series, oldest first (two rows a year: it stays small). */
export async function allRates(db: Executor): Promise<LatePaymentRateRow[]> {
  return db.select().from(latePaymentRates).orderBy(asc(latePaymentRates.halfYearStart));
}

export async function upsertRate(db: Executor, values: { halfYearStart: string; ecbRateBp: number; legalRateBp: number; updatedAt: Date }): Promise<void> {
  await db
    .insert(latePaymentRates)
    .values(values)
    .onConflictDoUpdate({
      target: latePaymentRates.halfYearStart,
      set: { ecbRateBp: values.ecbRateBp, legalRateBp: values.legalRateBp, updatedAt: values.updatedAt },
    });
}
