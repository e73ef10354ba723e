import { and, eq, gte, isNull, lte } from 'drizzle-orm';
import { quoteExpiryReminders, quotes, type Executor } from '@ouvrage/db';
import { addDays, QUOTE_EXPIRING_DAYS, todayInParis, type CalendarDate } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notify } from '../notifications';

export const QUOTE_EXPIRING_JOB = 'quotes.expiring-reminders';
export const QUOTE_EXPIRING_EVERY_MS = 3_600_000;

/** Sent quotes whose validity ends within the next days and whose client was not yet told. */
async function quotesEndingSoon(db: Executor, today: CalendarDate) {
  return db
    .select({ id: quotes.id, clientId: quotes.clientId, number: quotes.number, validUntil: quotes.validUntil })
    .from(quotes)
    .leftJoin(quoteExpiryReminders, eq(quoteExpiryReminders.quoteId, quotes.id))
    .where(and(eq(quotes.status, 'Envoyé'), gte(quotes.validUntil, today), lte(quotes.validUntil, addDays(today, QUOTE_EXPIRING_DAYS)), isNull(quoteExpiryReminders.quoteId)))
    .limit(500);
}

/** Claim a quote's reminder; false when another run took it first. */
async function claimReminder(tx: Executor, quoteId: number, now: Date): Promise<boolean> {
  const rows = await tx.insert(quoteExpiryReminders).values({ quoteId, remindedAt: now }).onConflictDoNothing().returning({ quoteId: quoteExpiryReminders.quoteId });
  return rows.length === 1;
}

/**
 * The recurring sweep (decision 0803): a client whose sent quote ends within
 * QUOTE_EXPIRING_DAYS days is told once (`quote_expiring`). Returns the number told.
 */
export async function remindExpiringQuotes(deps: AppDeps): Promise<number> {
  const today = todayInParis(deps.clock);
  let told = 0;
  for (const q of await quotesEndingSoon(deps.db, today)) {
    const done = await deps.db.transaction(async (tx) => {
      if (!(await claimReminder(tx, q.id, deps.clock.now()))) return false;
      await notify(tx, deps, { userId: q.clientId, kind: 'quote_expiring', params: { number: q.number ?? '', date: q.validUntil ?? '' }, link: `/devis/${q.id}` });
      return true;
    });
    if (done) told += 1;
  }
  if (told > 0) void deps.mailer.dispatch();
  return told;
}
