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
