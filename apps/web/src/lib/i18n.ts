import i18n, { type BackendModule, type LanguageDetectorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, PRODUCT_VERSION, isRtl, sanitizeLanguageCode } from '@ouvrage/domain';

/** Keep <html lang dir> in step with the language (Arabic is right to left). */
export function applyDocumentLanguage(language: string): void {
  const lng = sanitizeLanguageCode(language) ?? DEFAULT_LANGUAGE;
  document.documentElement.lang = lng;
  document.documentElement.dir = isRtl(lng) ? 'rtl' : 'ltr';
}

const STORAGE_KEY = 'i18nextLng';
const COOKIE = 'i18next';

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

function tryRead(read: () => string | null): string | null {
  try {
    return read();
  } catch {
    return null; // storage refused (private mode, blocked cookies)
  }
}

/**
 * Spec §9: the language comes from the query `lng`, the cookie `i18next`, local then session
 * storage `i18nextLng`, then the page's own language (fr: French by default,
 * docs/decisions/0003-french-by-default.md) before the browser's. A code that looks like script
 * injection is discarded (spec §5). The chosen language is kept in local storage and the cookie
 * (path /, SameSite strict, for the session). Written here rather than with the i18next plugins:
 * some 4 kB less to read before the first screen (issue 13), same sources, order and storage.
 */
const detector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const candidates = [
      tryRead(() => new URLSearchParams(window.location.search).get('lng')),
      tryRead(() => readCookie(COOKIE)),
      tryRead(() => window.localStorage.getItem(STORAGE_KEY)),
      tryRead(() => window.sessionStorage.getItem(STORAGE_KEY)),
      document.documentElement.getAttribute('lang'),
      ...(navigator.languages ?? [navigator.language]),
    ];
    return candidates.map((code) => sanitizeLanguageCode(code)).filter((code): code is NonNullable<typeof code> => !!code);
  },
  cacheUserLanguage(lng: string) {
    if (lng === 'cimode') return;
    tryRead(() => {
      window.localStorage.setItem(STORAGE_KEY, lng);
      return null;
    });
    document.cookie = `${COOKIE}=${encodeURIComponent(lng)}; Path=/; SameSite=Strict`;
  },
};

/**
 * Reads `/locales/<lng>/translations.json?v=<version>`; a network failure or a 5xx answer is
 * retried by i18next (5 times from 350 ms), a 4xx is not. Same URL and CORS mode as the
 * `<link rel="preload">` of the HTML (vite.config.ts), so the preloaded answer is the one used.
 */
const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    fetch(`/locales/${language}/${namespace}.json?v=${PRODUCT_VERSION}`, { mode: 'cors', credentials: 'same-origin' }).then(
      (response) => {
        if (!response.ok) {
          callback(`${response.url}: ${response.status}`, response.status >= 500);
          return;
        }
        response.json().then(
          (data: Record<string, unknown>) => callback(null, data),
          (error: unknown) => callback(String(error), false),
        );
      },
      (error: unknown) => callback(String(error), true),
    );
  },
};

/** One namespace `translations`, at most 10 parallel reads, French as the fallback. */
let initialising: Promise<unknown> | undefined;

/** Settles once the translations have loaded (or failed to): the screens can then show without suspending. */
export function whenTranslationsReady(): Promise<unknown> {
  return initialising ?? Promise.resolve();
}

export function initI18n() {
  i18n.on('languageChanged', applyDocumentLanguage);
  return (initialising = i18n
    .use(backend)
    .use(detector)
    .use(initReactI18next)
    .init({
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      ns: ['translations'],
      defaultNS: 'translations',
      maxParallelReads: 10,
      maxRetries: 5,
      retryTimeout: 350,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
      showSupportNotice: false,
    })
    .catch(() => undefined));
}

export { i18n };
