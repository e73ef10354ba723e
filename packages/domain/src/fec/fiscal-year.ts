import { addDays, type CalendarDate } from '../calendar';

/**
 * The fiscal year (exercice) a FEC covers (decision 1210, issue 37 §3). A company closes its
 * accounts on the last day of a month of its choice — 31 December for most, 30 June or 31 March
 * for many — every twelve months; the exercice « clos en 2026 » with a June closing runs from
 * 1 July 2025 to 30 June 2026. A first or an exceptional exercice of another length is the
 * accountant's to adjust (the FEC of two periods), not this rule's.
 */
export const DEFAULT_FISCAL_YEAR_END_MONTH = 12;

/** The last day of `month` (1–12) in `year`: 29 February in a leap year. */
export function lastDayOfMonth(year: number, month: number): CalendarDate {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError('Le mois de clôture est entre 1 et 12.');
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` as CalendarDate;
}

/** The exercice closed in `closingYear` at the end of `endMonth`: from the day after the previous closing to this one. */
export function fiscalYearPeriod(closingYear: number, endMonth: number): { start: CalendarDate; end: CalendarDate } {
  return { start: addDays(lastDayOfMonth(closingYear - 1, endMonth), 1), end: lastDayOfMonth(closingYear, endMonth) };
}

/** The exercice `day` belongs to, named by its closing year. */
export function fiscalYearOf(day: CalendarDate, endMonth: number): number {
  const year = Number(day.slice(0, 4));
  return day <= lastDayOfMonth(year, endMonth) ? year : year + 1;
}
