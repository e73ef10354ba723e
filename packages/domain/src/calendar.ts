import type { Clock } from './clock';
import { refusal } from './refusal';
import type { Parsed } from './money';
/**
 * Calendar dates and Paris time (decision 0401). A due date, a validity date or an insurance end
 * is a day in France, not an instant: it is a `CalendarDate` ('YYYY-MM-DD'), compared and shifted
 * as a date, and displayed as that date whatever the reader's time zone. "Today" is the day in
 * Europe/Paris at the clock's instant; instants are shown in Paris time.
 */

declare const calendarDateBrand: unique symbol;
/** A day, 'YYYY-MM-DD'. Obtain one from `parseCalendarDate`, `calendarDate`, `todayInParis` or `addDays`. */
export type CalendarDate = string & { readonly [calendarDateBrand]: true };

export const PARIS_TIME_ZONE = 'Europe/Paris';
const DAY_MS = 86_400_000;

function partsOf(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2026-02-30 over to March: a real day reads back the same.
  if (year < 1 || utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return null;
  return { year, month, day };
}

export function isCalendarDate(value: unknown): value is CalendarDate {
  return typeof value === 'string' && partsOf(value) !== null;
}

/** 'YYYY-MM-DD' that names a real day, or a refusal. */
export function parseCalendarDate(value: string): Parsed<CalendarDate> {
  const text = value.trim();
  if (isCalendarDate(text)) return { ok: true, value: text };
  return { ok: false, refusal: refusal('DATE_INVALID', 'La date doit être un jour réel au format AAAA-MM-JJ.', { value }, 400) };
}

/** For literals and values already checked: throws on anything that is not a real day. */
export function calendarDate(value: string): CalendarDate {
  if (!isCalendarDate(value)) throw new RangeError(`Date invalide : ${value}`);
  return value;
}

function fromUtcMs(ms: number): CalendarDate {
  return new Date(ms).toISOString().slice(0, 10) as CalendarDate;
}

function utcMs(date: CalendarDate): number {
  const p = partsOf(date);
  if (!p) throw new RangeError(`Date invalide : ${date}`);
  return Date.UTC(p.year, p.month - 1, p.day);
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock reading of an instant in a time zone. */
function wallClock(instant: Date, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClocks.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The day an instant falls on in a time zone (Europe/Paris unless said). */
export function calendarDateAt(instant: Date, timeZone: string = PARIS_TIME_ZONE): CalendarDate {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Instant invalide.');
  const w = wallClock(instant, timeZone);
  return fromUtcMs(Date.UTC(w.year, w.month - 1, w.day));
}

/** Today in France at the clock's instant: services pass `deps.clock`, tests move it. */
export function todayInParis(clock: Clock): CalendarDate {
  return calendarDateAt(clock.now(), PARIS_TIME_ZONE);
}

/** The year in Paris at an instant: 31/12 at 23:30 UTC is already the next year. For document numbers. */
export function parisYear(instant: Date): number {
  return Number(calendarDateAt(instant, PARIS_TIME_ZONE).slice(0, 4));
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  if (!Number.isInteger(days)) throw new RangeError(`Nombre de jours invalide : ${days}`);
  return fromUtcMs(utcMs(date) + days * DAY_MS);
}

/** Easter Sunday of `year` (Gregorian computus, Meeus/Jones/Butcher). */
function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` as CalendarDate;
}

/**
 * The eleven public holidays of metropolitan France (Code du travail L3133-1): eight fixed days,
 * Easter Monday, Ascension and Whit Monday. Alsace-Moselle's two more days are not counted.
 */
export function isFrenchPublicHoliday(date: CalendarDate): boolean {
  const fixed = ['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25'];
  if (fixed.includes(date.slice(5))) return true;
  const easter = easterSunday(Number(date.slice(0, 4)));
  return [1, 39, 50].some((offset) => addDays(easter, offset) === date);
}

/** Saturday, Sunday or a public holiday: a legal period ending on one runs to the next working day. */
export function isNonWorkingDay(date: CalendarDate): boolean {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6 || isFrenchPublicHoliday(date);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((utcMs(to) - utcMs(from)) / DAY_MS);
}

export function compareCalendarDates(a: CalendarDate, b: CalendarDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A due date is overdue from the next day on: an invoice due on the 30th may still be paid on the 30th. */
export function isOverdue(due: CalendarDate, today: CalendarDate): boolean {
  return compareCalendarDates(today, due) > 0;
}

/** The instant of midnight in Paris starting that day (admin date filters: "from the 1st" in French days). */
export function parisMidnight(date: CalendarDate): Date {
  return parisInstant(date, 0, 0);
}

/** Whether a wall-clock reading at `ms` (as if UTC) is what Paris shows at `instant`. */
function showsInParis(instant: number, wallMs: number): boolean {
  const w = wallClock(new Date(instant), PARIS_TIME_ZONE);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) === wallMs;
}

/**
 * The instant Paris clocks read `date` at `hour:minute` (a deadline typed as a French wall-clock
 * time, whatever the typist's own zone). Paris is UTC+1 in winter, UTC+2 in summer. The hour the
 * clocks skip in March (02:00–02:59) is read one hour later, as the clocks show it (02:30 → 03:30
 * summer time); the hour they repeat in October is read the first time (summer time), like
 * Temporal's 'compatible' choice.
 */
export function parisInstant(date: CalendarDate, hour: number, minute: number): Date {
  if (!Number.isInteger(hour) || !Number.isInteger(minute) || hour < 0 || hour > 23 || minute < 0 || minute > 59)
    throw new RangeError(`Heure invalide : ${hour}:${minute}`);
  const wall = utcMs(date) + (hour * 60 + minute) * 60_000;
  const summer = wall - 7_200_000;
  const winter = wall - 3_600_000;
  if (showsInParis(summer, wall)) return new Date(summer);
  // Winter time, or the skipped hour: UTC+1 read forward lands after the change.
  return new Date(winter);
}

/** `YYYY-MM-DDTHH:mm` as a Paris wall-clock time, for a date-and-time field: null when it is not one. */
export function parseParisDateTime(value: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  const day = match?.[1];
  if (!match || !isCalendarDate(day)) return null;
  const [hour, minute] = [Number(match[2]), Number(match[3])];
  if (hour > 23 || minute > 59) return null;
  return parisInstant(day, hour, minute);
}

/** An instant as the Paris wall-clock `YYYY-MM-DDTHH:mm` a date-and-time field shows. */
export function parisDateTimeInput(instant: Date | string): string {
  const d = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(d.getTime())) throw new RangeError('Instant invalide.');
  const w = wallClock(d, PARIS_TIME_ZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(w.year).padStart(4, '0')}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** "14:02" (with seconds: "14:02:07"), the time Paris clocks show at an instant. */
export function formatParisTime(instant: Date, seconds = false): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Instant invalide.');
  const w = wallClock(instant, PARIS_TIME_ZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(w.hour)}:${pad(w.minute)}${seconds ? `:${pad(w.second)}` : ''}`;
}

/**
 * The Paris months from the month of `from` up to the month before `until` (both 1sts of a month),
 * with the instants of midnight in Paris on each 1st and on `until`: months.length + 1 bounds. SQL
 * compares a timestamp column to these bounds instead of converting each row to Paris time.
 */
export function parisMonths(from: CalendarDate, until: CalendarDate): { months: string[]; bounds: Date[] } {
  const index = (d: CalendarDate) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7)) - 1;
  const key = (i: number) => `${String(Math.floor(i / 12)).padStart(4, '0')}-${String((i % 12) + 1).padStart(2, '0')}`;
  const months: string[] = [];
  for (let i = index(from); i < index(until); i += 1) months.push(key(i));
  const bounds = [...months, key(index(until))].map((m) => parisMidnight(`${m}-01` as CalendarDate));
  return { months, bounds };
}

/** "22/11/2026", built from the date itself: the same in Paris, Fort-de-France or Nouméa. */
export function formatCalendarDate(date: CalendarDate): string {
  const p = partsOf(date);
  if (!p) throw new RangeError(`Date invalide : ${date}`);
  return `${String(p.day).padStart(2, '0')}/${String(p.month).padStart(2, '0')}/${String(p.year).padStart(4, '0')}`;
}

// Built on first use: the first formatter with a time zone loads the browser's zone and locale data
// (≈ 25 ms on a desktop, four times that on a phone), which a module's loading should not pay.
const parisFormats = new Map<string, Intl.DateTimeFormat>();
const STYLES = { short: ['short', 'short'], long: ['full', 'short'], seconds: ['short', 'medium'] } as const;
function parisFormat(style: keyof typeof STYLES, locale: string): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let format = parisFormats.get(key);
  if (!format) {
    const [dateStyle, timeStyle] = STYLES[style];
    format = new Intl.DateTimeFormat(locale, { timeZone: PARIS_TIME_ZONE, dateStyle, timeStyle });
    parisFormats.set(key, format);
  }
  return format;
}

/**
 * An instant in Paris time, French style unless another locale is given: 'short' → "22/11/2026
 * 13:00" (refusals, lists), 'long' → "dimanche 22 novembre 2026 à 13:00" (mails), 'seconds' →
 * "22/11/2026 13:00:05" (audit trails). The one helper for mails, PDFs and refusals.
 */
export function formatParisDateTime(instant: Date | string, style: keyof typeof STYLES = 'short', locale = 'fr-FR'): string {
  const d = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(d.getTime())) throw new RangeError('Instant invalide.');
  return parisFormat(style, locale).format(d);
}
