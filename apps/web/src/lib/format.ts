import i18next from 'i18next';
import { formatCalendarDate, formatEuros as frenchEuros, isCalendarDate, withoutDirectionMarks } from '@ouvrage/domain';

/**
 * Dates, date-times and amounts in the user's language (issue 15), in one place: French formats
 * (DESIGN §6: 1 234,56 €, 22/11/2026, « 22/11/2026 à 13:00 ») come from the domain's rules, as the
 * mails and PDFs print them; English and Arabic use their own conventions through Intl, with
 * Western digits in Arabic as the numbers typed in forms, and never the French « à ».
 */
export { formatPhone } from '@ouvrage/domain';

const LOCALES = { fr: 'fr-FR', en: 'en-GB', ar: 'ar-u-nu-latn' } as const;
type Lang = keyof typeof LOCALES;

/** The interface's language, French when unknown (tests, before i18next starts). */
function language(): Lang {
  const l = (i18next.language ?? '').slice(0, 2);
  return l in LOCALES ? (l as Lang) : 'fr';
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function dateFormat(lang: Lang, kind: 'date' | 'dateTime' | 'calendar'): Intl.DateTimeFormat {
  const key = `${lang}:${kind}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    const day = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
    f = new Intl.DateTimeFormat(
      LOCALES[lang],
      kind === 'dateTime' ? { ...day, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : kind === 'calendar' ? { ...day, timeZone: 'UTC' } : day,
    );
    cache.set(key, f);
  }
  return f;
}

/**
 * A date as Intl writes it, without the right-to-left marks it puts between an Arabic date's
 * figures (« 31‏/03‏/2027 »): with them, a date not isolated read « 2027/03/31 » while an isolated
 * one read « 31/03/2027 » — two formats on one invoice (decision 1206). Without them the figures
 * and slashes form one left-to-right number wherever the date is written.
 */
function oneDateFormat(text: string): string {
  return withoutDirectionMarks(text);
}

function toDate(value: string | Date): Date | null {
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * A calendar date ('2026-11-22': a due date, a validity end) is shown as that day whatever the
 * browser's time zone — read as an instant it would be UTC midnight, the previous evening in the
 * Antilles. An instant (a full ISO timestamp or a Date) is shown as its day in the browser's zone.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const lang = language();
  if (typeof value === 'string' && isCalendarDate(value)) {
    return lang === 'fr' ? formatCalendarDate(value) : oneDateFormat(dateFormat(lang, 'calendar').format(new Date(`${value}T00:00:00Z`)));
  }
  const d = toDate(value);
  return d ? oneDateFormat(dateFormat(lang, 'date').format(d)) : '';
}

/** An instant, in the browser's zone: « 22/11/2026 à 13:00 », "22/11/2026, 13:00", « 22/11/2026، 13:00 ». */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = toDate(value);
  if (!d) return '';
  const lang = language();
  const text = oneDateFormat(dateFormat(lang, 'dateTime').format(d));
  return lang === 'fr' ? text.replace(' ', ' à ').replace(',', '') : text;
}

/** An amount in cents: « 1 234,56 € » in French (the domain's rule), "€1,234.56" in English. */
export function formatEuros(cents: number, options: { wholeEuros?: boolean } = {}): string {
  const lang = language();
  if (lang === 'fr') return frenchEuros(cents, options);
  const digits = options.wholeEuros ? 0 : 2;
  const key = `${lang}:euros:${digits}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'EUR', minimumFractionDigits: digits, maximumFractionDigits: digits });
    cache.set(key, f);
  }
  // Cents are integers: dividing by 100 is exact enough for display (at most 2 decimals shown).
  return f.format(options.wholeEuros ? Math.round(cents / 100) : cents / 100);
}

/** A plain number (a surface, a count) in the user's language. */
export function formatNumber(value: number): string {
  const lang = language();
  const key = `${lang}:number`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 2 });
    cache.set(key, f);
  }
  return f.format(value).replace(/\u202f/g, ' ');
}

/** A month's name (1–12) in the user's language: « décembre », "December", « ديسمبر ». */
export function formatMonthName(month: number): string {
  const lang = language();
  const key = `${lang}:month`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALES[lang], { month: 'long', timeZone: 'UTC' });
    cache.set(key, f);
  }
  return f.format(new Date(Date.UTC(2025, month - 1, 15)));
}
