import { addDays, retentionReleaseDate, retentionReminderDue, RETENTION_REMINDER_DAYS, todayInParis, type CalendarDate } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { quoteRetention } from '../invoices';
import { quoteInvoicingFacts } from '../quotes';
import { notify } from '../notifications';
import { findUsers } from '../users';
import { receptionUrl, retentionReminderMail } from './mails';
import * as repo from './repository';

/**
 * The retenue's release reminder (decision 0721): a recurring job mails the client and the
 * architect RETENTION_REMINDER_DAYS before the release date (Paris calendar), once per réception:
 * `retention_reminded_at` is claimed (`… WHERE retention_reminded_at IS NULL`) in the transaction
 * that queues both mails, so a second run, or a second instance, sends nothing.
 */
export const RETENTION_REMINDER_JOB = 'reception.retention-reminders';
export const RETENTION_REMINDER_EVERY_MS = 3_600_000;

export async function sendRetentionReminders(deps: AppDeps): Promise<number> {
  const today = todayInParis(deps.clock);
  // A superset (a day for leap years): the domain's rule decides exactly below.
  const receivedBy = addDays(today, RETENTION_REMINDER_DAYS - 364);
  let sent = 0;
  for (const row of await repo.receptionsToRemind(deps.db, receivedBy)) {
    const facts = { receptionDate: row.receptionDate as CalendarDate, releasedOn: null, signed: row.signedAt !== null };
    if (!retentionReminderDue(facts, today)) continue;
    const retention = await quoteRetention(deps.db, row.quoteId);
    const done = await deps.db.transaction(async (tx) => {
      if (!(await repo.claimRetentionReminder(tx, row.id, deps.clock.now()))) return false;
      // Nothing withheld: the claim stands, no mail.
      if (retention.retentionCents <= 0) return false;
      const quote = await quoteInvoicingFacts(deps, tx, row.quoteId, { lock: false });
      if (!quote) return false;
      const open = (await repo.reservationsOf(tx, row.id)).filter((r) => r.liftedOn === null).length;
      const mailFacts = { quoteLabel: quote.label, quoteTitle: quote.title, receptionDate: row.receptionDate, reservations: open };
      const release = retentionReleaseDate(row.receptionDate as CalendarDate);
      for (const user of await findUsers(tx, [row.clientId, row.issuerId])) {
        await notify(tx, deps, {
          userId: user.id,
          kind: 'guarantee_release',
          params: { number: quote.label, amount: retention.retentionCents, date: release },
          link: `/devis/${row.quoteId}/reception`,
          localizedMail: (language) =>
            retentionReminderMail(language, mailFacts, user.firstname, release, retention.retentionCents, open, receptionUrl(deps, row.quoteId)),
        });
      }
      return true;
    });
    if (done) sent += 1;
  }
  if (sent > 0) void deps.mailer.dispatch();
  return sent;
}
