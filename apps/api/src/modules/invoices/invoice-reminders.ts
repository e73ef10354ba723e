import { amountLeftToPay, formatCalendarDate, formatEuros, invoiceReminderStep, latestDueDateToRemind, todayInParis, type CalendarDate, type InvoiceReminderStep } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { composeMail, type MailContent } from '../mail';
import { notify } from '../notifications';
import { findUsers } from '../users';
import type { InvoiceRow } from './repository';
import * as reminders from './reminders-repository';

/**
 * Payment reminders (decision 0722): a recurring job mails the client of each unpaid invoice 3 days
 * before its due date, the day after and 15 days after (Paris calendar), each step once — the row
 * (invoice, step) of `invoice_reminders` is inserted in the transaction that queues the mail, so a
 * second run or a second instance finds it and sends nothing.
 */
export const INVOICE_REMINDER_JOB = 'invoices.reminders';
export const INVOICE_REMINDER_EVERY_MS = 3_600_000;
const PAGE = 200;

const hello = (name: string) => (name.trim() ? `Bonjour ${name.trim()},` : 'Bonjour,');

export function invoiceReminderMail(step: InvoiceReminderStep, invoice: InvoiceRow, clientName: string, url: string): MailContent {
  const due = formatCalendarDate(invoice.dueDate as CalendarDate);
  const left = formatEuros(amountLeftToPay(invoice));
  const what = `la facture ${invoice.number} « ${invoice.title} »`;
  if (step === 'before-3') {
    return composeMail(`Rappel : facture ${invoice.number} à régler avant le ${due}`, [hello(clientName), `Pour rappel, ${what} arrive à échéance le ${due}. Reste à payer : ${left}.`, 'Vous pouvez la régler en ligne par carte ou par virement.'], {
      label: 'Voir la facture',
      url,
    });
  }
  const late = step === 'after-1' ? 'est arrivée à échéance' : 'reste impayée quinze jours après son échéance';
  return composeMail(
    `Facture ${invoice.number} impayée — échéance du ${due}`,
    [
      hello(clientName),
      `Sauf erreur de notre part, ${what} ${late} le ${due}. Reste à payer : ${left}.`,
      'Des pénalités de retard et une indemnité forfaitaire de 40 € pour frais de recouvrement peuvent s’appliquer. Si vous avez déjà réglé, ne tenez pas compte de ce message.',
    ],
    { label: 'Régler la facture', url },
  );
}

/** Run once: the steps due today, each mailed once; the number of mails queued. */
export async function sendInvoiceReminders(deps: AppDeps): Promise<number> {
  const today = todayInParis(deps.clock);
  const dueBy = latestDueDateToRemind(today);
  let sent = 0;
  let afterId = 0;
  for (;;) {
    const page = await reminders.unpaidInvoicesDueBy(deps.db, dueBy, afterId, PAGE);
    for (const invoice of page) {
      const step = invoiceReminderStep(invoice.dueDate as CalendarDate, today);
      if (!step || amountLeftToPay(invoice) === 0) continue;
      const queued = await deps.db.transaction(async (tx) => {
        if (!(await reminders.claimReminder(tx, invoice.id, step, deps.clock.now()))) return false;
        const [client] = await findUsers(tx, [invoice.clientId]);
        if (!client) return false;
        await notify(tx, deps, {
          userId: client.id,
          kind: step === 'before-3' ? 'invoice_due' : 'invoice_overdue',
          params: { number: invoice.number, amount: amountLeftToPay(invoice), date: invoice.dueDate },
          link: `/facture/${invoice.id}`,
          frenchMail: invoiceReminderMail(step, invoice, client.firstname, `${deps.config.publicUrl}/facture/${invoice.id}`),
        });
        return true;
      });
      if (queued) sent += 1;
    }
    if (page.length < PAGE) break;
    afterId = page[page.length - 1].id;
  }
  if (sent > 0) void deps.mailer.dispatch();
  return sent;
}
