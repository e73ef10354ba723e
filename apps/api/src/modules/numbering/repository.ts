import { and, eq, sql } from 'drizzle-orm';
import { documentCounters, type Executor } from '@ouvrage/db';

export interface CounterKey {
  issuerId: number;
  series: string;
  year: number;
}

/**
 * Take the next number of a counter: insert the row at 1, or add 1 to it. The row stays locked
 * until the caller's transaction ends, so concurrent issuers of the same series wait in turn.
 */
export async function takeNextNumber(tx: Executor, key: CounterKey): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ ...key, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.issuerId, documentCounters.series, documentCounters.year],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1`, updatedAt: sql`now()` },
    })
    .returning({ lastNumber: documentCounters.lastNumber });
  return row.lastNumber;
}

/** The last number given (0 when none yet), for reading without taking one. */
export async function lastNumber(db: Executor, key: CounterKey): Promise<number> {
  const [row] = await db
    .select({ lastNumber: documentCounters.lastNumber })
    .from(documentCounters)
    .where(and(eq(documentCounters.issuerId, key.issuerId), eq(documentCounters.series, key.series), eq(documentCounters.year, key.year)));
  return row?.lastNumber ?? 0;
}
