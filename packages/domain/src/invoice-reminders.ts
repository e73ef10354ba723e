import { addDays, compareCalendarDates, type CalendarDate } from './calendar';

/**
 * Payment reminders of an unpaid invoice (decision 0722): three steps around its due date, each
 * sent once. A step's window runs from its day to the day before the next step's, so a worker that
 * was down does not send a stale « due in 3 days » after the due date: it sends the step of today.
 */
export const INVOICE_REMINDER_STEPS = [
  { step: 'before-3', offsetDays: -3 },
  { step: 'after-1', offsetDays: 1 },
  { step: 'after-15', offsetDays: 15 },
] as const;
export type InvoiceReminderStep = (typeof INVOICE_REMINDER_STEPS)[number]['step'];

/** The reminder step whose window holds `today`, or null (too early: more than 3 days before the due date). */
export function invoiceReminderStep(dueDate: CalendarDate, today: CalendarDate): InvoiceReminderStep | null {
  let current: InvoiceReminderStep | null = null;
  for (const s of INVOICE_REMINDER_STEPS) {
    if (compareCalendarDates(today, addDays(dueDate, s.offsetDays)) >= 0) current = s.step;
  }
  return current;
}

/** The earliest due date that may have a step today: invoices due after it are too early for any reminder. */
export const latestDueDateToRemind = (today: CalendarDate): CalendarDate => addDays(today, -INVOICE_REMINDER_STEPS[0].offsetDays);
