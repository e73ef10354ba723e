/** Interface languages: French by default, English and Arabic as full alternatives. */
export const LANGUAGES = ['fr', 'en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

const INJECTION_PATTERNS: readonly RegExp[] = [
  /<\s*\/?\s*script/i,
  /\bon[a-z]+\s*=/i, // event handlers: onerror=, onload=
  /\b(?:javascript|vbscript|data|livescript)\s*:/i,
  /\beval\s*\(/i,
  /\balert\s*\(/i,
  /document\s*\.\s*(?:cookie|write)/i,
  /window\s*\.\s*location/i,
  /innerHTML/i,
  /[<>"'`(){};]/,
];

/** True when a detected language code looks like script injection (spec §5). */
export function looksLikeScriptInjection(code: string): boolean {
  return INJECTION_PATTERNS.some((pattern) => pattern.test(code));
}

/**
 * Turn a detected language code into one we support, or `undefined` to discard it.
 * `fr-FR` → `fr`; `<script>` → undefined; `de` → undefined.
 */
export function sanitizeLanguageCode(code: unknown): Language | undefined {
  if (typeof code !== 'string' || code.length === 0 || code.length > 35) return undefined;
  if (looksLikeScriptInjection(code)) return undefined;
  const base = code.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : undefined;
}

export function isRtl(language: string): boolean {
  return (RTL_LANGUAGES as readonly string[]).includes(language);
}

/**
 * Bidirectional isolation for plain text, where no `<bdi>` element can be written: a translated
 * sentence's interpolated value (`t()` returns a string: labels, titles, toasts, notifications),
 * mail subjects and texts. The web's JSX writes `<bdi>` instead (decision 1120).
 *
 * `isolateLtr`: amounts, dates, numbers and references kept left to right inside Arabic text
 * (LRI … PDI), « 1 050,00 € » not turned into « € 1 050,00 ». The right-to-left marks Intl puts
 * in Arabic dates (« 25‏/11‏/2026 ») are dropped first: inside a left-to-right isolate they would
 * scramble the date (« 252026/11/ »).
 */
export const isolateLtr = (text: string | null | undefined): string => (text ? `\u2066${withoutDirectionMarks(text)}\u2069` : '');

/** The text without its LRM, RLM and ALM marks (which Intl writes in Arabic dates and figures). */
export const withoutDirectionMarks = (text: string): string => text.replace(/[\u200e\u200f\u061c]/g, '');

/** Names, titles and reasons isolated in their own direction (FSI … PDI): an Arabic name stays right to left, a French one left to right. */
export const isolateAuto = (text: string | null | undefined): string => (text ? `\u2068${text}\u2069` : '');
