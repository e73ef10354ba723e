import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, PRODUCT_VERSION, isRtl, sanitizeLanguageCode } from '@ouvrage/domain';

/** Keep <html lang dir> in step with the language (Arabic is right to left). */
export function applyDocumentLanguage(language: string): void {
  const lng = sanitizeLanguageCode(language) ?? DEFAULT_LANGUAGE;
  document.documentElement.lang = lng;
  document.documentElement.dir = isRtl(lng) ? 'rtl' : 'ltr';
}

/**
 * Spec §9: one namespace `translations`; query `lng`, cookie `i18next`, local storage
 * `i18nextLng`; at most 10 parallel reads, 5 retries from 350 ms. French by default: the page's
 * own language (fr) is consulted before the browser's (docs/decisions/0003-french-by-default.md).
 * A detected code that looks like script injection is discarded (spec §5).
 */
export function initI18n() {
  i18n.on('languageChanged', applyDocumentLanguage);
  return i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      ns: ['translations'],
      defaultNS: 'translations',
      maxParallelReads: 10,
      backend: { loadPath: `/locales/{{lng}}/{{ns}}.json?v=${PRODUCT_VERSION}`, maxRetries: 5, retryTimeout: 350 } as object,
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'htmlTag', 'navigator', 'path', 'subdomain', 'hash'],
        lookupQuerystring: 'lng',
        lookupCookie: 'i18next',
        lookupLocalStorage: 'i18nextLng',
        lookupSessionStorage: 'i18nextLng',
        caches: ['localStorage', 'cookie'],
        cookieOptions: { path: '/', sameSite: 'strict' },
        convertDetectedLanguage: (lng: string) => sanitizeLanguageCode(lng) ?? '',
      },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
      showSupportNotice: false,
    });
}

export { i18n };
