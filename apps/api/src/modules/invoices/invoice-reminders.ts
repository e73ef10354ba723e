import {
  amountLeftToPay,
  invoiceReminderStep,
  latestDueDateToRemind,
  todayInParis,
  type CalendarDate,
  type InvoiceReminderStep,
  type Language,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { composeMail, FRAME, translate, type MailContent, type Texts } from '../mail';
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

const T = {
  beforeSubject: {
    fr: 'Rappel : facture {{number}} à régler avant le {{dueDate}}',
    en: 'Reminder: invoice {{number}} to pay before {{dueDate}}',
    ar: 'تذكير: الفاتورة {{number}} مستحقة الدفع قبل {{dueDate}}',
  },
  before: {
    fr: 'Pour rappel, la facture {{number}} « {{title}} » arrive à échéance le {{dueDate}}. Reste à payer : {{leftAmount}}.',
    en: 'As a reminder, the invoice {{number}} “{{title}}” falls due on {{dueDate}}. Left to pay: {{leftAmount}}.',
    ar: 'للتذكير، يحل أجل الفاتورة {{number}} «{{title}}» في {{dueDate}}. المبلغ المتبقي: {{leftAmount}}.',
  },
  payOnline: {
    fr: 'Vous pouvez la régler en ligne par carte ou par virement.',
    en: 'You can pay it online by card or bank transfer.',
    ar: 'يمكنك دفعها عبر الإنترنت بالبطاقة أو بالتحويل البنكي.',
  },
  open: { fr: 'Voir la facture', en: 'View the invoice', ar: 'عرض الفاتورة' },
  overdueSubject: {
    fr: 'Facture {{number}} impayée — échéance du {{dueDate}}',
    en: 'Invoice {{number}} unpaid — due on {{dueDate}}',
    ar: 'الفاتورة {{number}} غير مدفوعة — الأجل {{dueDate}}',
  },
  overdue1: {
    fr: 'Sauf erreur de notre part, la facture {{number}} « {{title}} » est arrivée à échéance le {{dueDate}}. Reste à payer : {{leftAmount}}.',
    en: 'Unless we are mistaken, the invoice {{number}} “{{title}}” fell due on {{dueDate}}. Left to pay: {{leftAmount}}.',
    ar: 'ما لم نكن مخطئين، حلّ أجل الفاتورة {{number}} «{{title}}» في {{dueDate}}. المبلغ المتبقي: {{leftAmount}}.',
  },
  overdue15: {
    fr: 'Sauf erreur de notre part, la facture {{number}} « {{title}} » reste impayée quinze jours après son échéance le {{dueDate}}. Reste à payer : {{leftAmount}}.',
    en: 'Unless we are mistaken, the invoice {{number}} “{{title}}” is still unpaid fifteen days after falling due on {{dueDate}}. Left to pay: {{leftAmount}}.',
    ar: 'ما لم نكن مخطئين، لا تزال الفاتورة {{number}} «{{title}}» غير مدفوعة بعد خمسة عشر يومًا من أجلها في {{dueDate}}. المبلغ المتبقي: {{leftAmount}}.',
  },
  // The 40 € recovery fee is owed between professionals only (C. com. L441-10, D441-5; decision 1052).
  penaltiesConsumer: {
    fr: 'Des pénalités de retard peuvent s’appliquer, au taux indiqué sur la facture. Si vous avez déjà réglé, ne tenez pas compte de ce message.',
    en: 'Late-payment penalties may apply, at the rate stated on the invoice. If you have already paid, please disregard this message.',
    ar: 'قد تُطبَّق غرامات التأخير بالسعر المذكور في الفاتورة. إذا كنت قد دفعت بالفعل، فلا تعتدّ بهذه الرسالة.',
  },
  penaltiesBusiness: {
    fr: 'Des pénalités de retard et une indemnité forfaitaire de 40 € pour frais de recouvrement peuvent s’appliquer. Si vous avez déjà réglé, ne tenez pas compte de ce message.',
    en: 'Late-payment penalties and a fixed compensation of €40 for recovery costs may apply. If you have already paid, please disregard this message.',
    ar: 'قد تُطبَّق غرامات التأخير وتعويض جزافي قدره 40 € عن تكاليف التحصيل. إذا كنت قد دفعت بالفعل، فلا تعتدّ بهذه الرسالة.',
  },
  pay: { fr: 'Régler la facture', en: 'Pay the invoice', ar: 'دفع الفاتورة' },
} satisfies Record<string, Texts>;

/** Whether the invoice was issued to a business client (its frozen document says so). */
const isBusinessInvoice = (invoice: InvoiceRow) => (invoice.document as { client?: { is_business?: boolean } } | null)?.client?.is_business === true;

/** The reminder of a step, in the client's language (decision 1031). */
export function invoiceReminderMail(language: Language, step: InvoiceReminderStep, invoice: InvoiceRow, clientName: string, url: string): MailContent {
  const t = (key: keyof typeof T) =>
    translate(T[key], language, { number: invoice.number, title: invoice.title, dueDate: invoice.dueDate, leftAmount: amountLeftToPay(invoice) });
  const hello = FRAME[language].hello(clientName.trim());
  if (step === 'before-3') return composeMail(t('beforeSubject'), [hello, t('before'), t('payOnline')], { label: t('open'), url }, language);
  return composeMail(
    t('overdueSubject'),
    [hello, t(step === 'after-1' ? 'overdue1' : 'overdue15'), t(isBusinessInvoice(invoice) ? 'penaltiesBusiness' : 'penaltiesConsumer')],
    { label: t('pay'), url },
    language,
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
          localizedMail: (language) => invoiceReminderMail(language, step, invoice, client.firstname, `${deps.config.publicUrl}/facture/${invoice.id}`),
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
