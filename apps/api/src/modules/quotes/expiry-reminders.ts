import { addDays, QUOTE_EXPIRING_DAYS, todayInParis } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notify } from '../notifications';
import { claimExpiryReminder, quotesEndingBetween } from './expiry-repository';

export const QUOTE_EXPIRING_JOB = 'quotes.expiring-reminders';
export const QUOTE_EXPIRING_EVERY_MS = 3_600_000;

/**
 * The recurring sweep (decision 0803): a client whose sent quote ends within
 * QUOTE_EXPIRING_DAYS days is told once (`quote_expiring`). Returns the number told.
 */
export async function remindExpiringQuotes(deps: AppDeps): Promise<number> {
  const today = todayInParis(deps.clock);
  let told = 0;
  for (const q of await quotesEndingBetween(deps.db, today, addDays(today, QUOTE_EXPIRING_DAYS))) {
    const done = await deps.db.transaction(async (tx) => {
      if (!(await claimExpiryReminder(tx, q.id, deps.clock.now()))) return false;
      await notify(tx, deps, {
        userId: q.clientId,
        kind: 'quote_expiring',
        params: { number: q.number ?? '', date: q.validUntil ?? '' },
        link: `/devis/${q.id}`,
      });
      return true;
    });
    if (done) told += 1;
  }
  if (told > 0) void deps.mailer.dispatch();
  return told;
}
