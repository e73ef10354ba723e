import i18next from 'i18next';

// The same locales as lib/format.ts: Western digits in Arabic.
const LOCALES: Record<string, string> = { fr: 'fr-FR', en: 'en-GB', ar: 'ar-u-nu-latn' };

/** `2026-11` → « nov. 2026 », "Nov 2026", « نوفمبر 2026 » in the interface's language. */
export function formatMonth(month: string): string {
  const locale = LOCALES[(i18next.language ?? '').slice(0, 2)] ?? LOCALES.fr;
  const [year, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, m - 1, 1)));
}

/** A rate in basis points as a percentage with one decimal at most: 4 250 → « 42,5 % ». */
export function formatRate(bp: number): string {
  const locale = LOCALES[(i18next.language ?? '').slice(0, 2)] ?? LOCALES.fr;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(bp / 10_000).replace(/\u202f/g, ' ');
}
