import type { ReactElement, ReactNode } from 'react';
import { afterEach } from 'vitest';
import { cleanup, configure, render, type RenderResult } from '@testing-library/react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
// @ts-expect-error plain ES module script without types
import { mergeLocales } from '../../../../scripts/build-locales.mjs';
import { cssVariablesResolver, theme } from '../lib/theme';

/**
 * Component tests (files starting with `// @vitest-environment jsdom`): render inside the app's
 * providers — Mantine with the app theme and direction, i18next with the real merged
 * translations (tests read the texts a user reads), a query client and, when asked, a router.
 */

// `findBy…` and `waitFor` wait up to 10 s, not Testing Library's 1 s: the unit tests share the 2
// cores with the end-to-end tests (decision 1110); the limit catches a screen that never comes.
configure({ asyncUtilTimeout: 10_000 });

// What jsdom lacks and Mantine uses.
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.HTMLElement.prototype.scrollIntoView ??= function scrollIntoView() {};
}

afterEach(cleanup);

const translations = mergeLocales() as Record<string, Record<string, unknown>>;

export function createTestI18n(lng: 'fr' | 'en' | 'ar' = 'fr'): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'fr',
    resources: Object.fromEntries(Object.entries(translations).map(([l, t]) => [l, { translations: t }])),
    ns: ['translations'],
    defaultNS: 'translations',
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  return instance;
}

export interface RenderOptions {
  lng?: 'fr' | 'en' | 'ar';
  /** Also inside a router at this address (components with links or route parameters). */
  route?: string;
  /** Query data already fetched, by key: the component reads it without the network. */
  queries?: Array<[QueryKey, unknown]>;
  /** `false`: queries not already in `queries` never fetch (the screen as when a list failed). */
  fetchQueries?: boolean;
}

/**
 * The component inside the app's providers, and a query client of its own (no retries, so a
 * failing endpoint shows its error at once).
 */
export function renderWithProviders(ui: ReactElement, { lng = 'fr', route, queries = [], fetchQueries = true }: RenderOptions = {}): RenderResult {
  const i18n = createTestI18n(lng);
  const dir = lng === 'ar' ? 'rtl' : 'ltr';
  document.documentElement.dir = dir;
  document.documentElement.lang = lng;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: fetchQueries }, mutations: { retry: false } } });
  for (const [key, data] of queries) client.setQueryData(key, data);
  const Providers = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <DirectionProvider initialDirection={dir} detectDirection={false}>
          <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
            {route === undefined ? children : <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>}
          </MantineProvider>
        </DirectionProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
  return render(ui, { wrapper: Providers });
}
