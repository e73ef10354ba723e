import { and, eq, gte, isNull, lte } from 'drizzle-orm';
import { quoteExpiryReminders, quotes, type Executor } from '@ouvrage/db';

/** Sent quotes whose validity ends in [from, to] and whose client was not yet told (at most 500 a run). */
export async function quotesEndingBetween(db: Executor, from: string, to: string) {
  return db
    .select({ id: quotes.id, clientId: quotes.clientId, number: quotes.number, validUntil: quotes.validUntil })
    .from(quotes)
    .leftJoin(quoteExpiryReminders, eq(quoteExpiryReminders.quoteId, quotes.id))
    .where(and(eq(quotes.status, 'Envoyé'), gte(quotes.validUntil, from), lte(quotes.validUntil, to), isNull(quoteExpiryReminders.quoteId)))
    .limit(500);
}

/** Claim a quote's reminder; false when another run took it first. */
export async function claimExpiryReminder(tx: Executor, quoteId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(quoteExpiryReminders)
    .values({ quoteId, remindedAt: now })
    .onConflictDoNothing()
    .returning({ quoteId: quoteExpiryReminders.quoteId });
  return rows.length === 1;
}
