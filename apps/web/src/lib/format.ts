import { formatCalendarDate, isCalendarDate } from '@ouvrage/domain';

/**
 * French formats everywhere (DESIGN §6): 1 234,56 €, 22/11/2026, 06 12 34 56 78. Amounts and phones
 * use the domain's one rule (the API's mails and PDFs print the same).
 */
export { formatEuros, formatPhone } from '@ouvrage/domain';

const date = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/**
 * A calendar date ('2026-11-22': a due date, a validity end) is shown as that day whatever the
 * browser's time zone — read as an instant it would be UTC midnight, the previous evening in the
 * Antilles. An instant (a full ISO timestamp or a Date) is shown as its day in the browser's zone.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string' && isCalendarDate(value)) return formatCalendarDate(value);
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? '' : date.format(d);
}

/** An instant, in the browser's zone: "22/11/2026 à 13:00". */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? '' : dateTime.format(d).replace(' ', ' à ').replace(',', '');
}
