import i18next from 'i18next';

const LOCALES: Record<string, string> = { fr: 'fr-FR', en: 'en-GB', ar: 'ar-u-nu-latn' };
const cache = new Map<string, Intl.DateTimeFormat>();

/** `2026-11` → « nov. 2026 », "Nov 2026", « نوفمبر 2026 » in the interface's language. */
export function monthLabel(month: string, style: 'short' | 'long' = 'short'): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  const lang = (i18next.language ?? 'fr').slice(0, 2);
  const key = `${lang}:${style}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[lang] ?? 'fr-FR', { month: style, year: 'numeric', timeZone: 'UTC' });
    cache.set(key, format);
  }
  return format.format(new Date(Date.UTC(year, m - 1, 1))).replace(/[\u200e\u200f\u061c]/g, '');
}
