import { lazy, startTransition, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isRtl } from '@ouvrage/domain';
import { cssVariablesResolver, themeWithLabels } from '../lib/theme';
import { ScreenLoader } from '../components/ui/screen-loader';
import { afterFirstScreen } from './first-screen';
import { AppRoutes } from './router';

// The notifications' container and styles are not needed to show the first screen: they load
// after the first screen, once the browser is idle (a notification shown before waits in the kit's store).
const NotificationsHost = lazy(() => import('./notifications-host'));

function DeferredNotifications() {
  const [ready, setReady] = useState(false);
  // Drawn in a transition: short slices of work, not one long task (decision 0977).
  useEffect(() => afterFirstScreen(() => startTransition(() => setReady(true))), []);
  return ready ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

/** Mantine follows the language's direction (Arabic right to left). */
function DirectionSync() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const language = i18n.resolvedLanguage ?? 'fr';
  useEffect(() => {
    setDirection(isRtl(language) ? 'rtl' : 'ltr');
  }, [language, setDirection]);
  return null;
}

/** Mantine with the app theme, its own buttons named in the interface's language (before the translations load too). */
function ThemeProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation(undefined, { useSuspense: false });
  const close = i18n.exists('common.close') ? t('common.close') : 'Fermer';
  const theme = useMemo(() => themeWithLabels({ close }), [close]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}

/**
 * A data router around the route table, so that a screen can hold back a navigation (the quote
 * editor's « Quitter sans enregistrer ? », `useBlocker`, decision 1203): one catch-all route, the
 * screens' own `<Routes>` below it as before.
 */
const createRouter = () => createBrowserRouter([{ path: '*', element: <AppRoutes /> }]);

export function App() {
  const [router] = useState(createRouter);
  return (
    <DirectionProvider initialDirection={document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'} detectDirection={false}>
      <ThemeProvider>
        {/* Translations load before the first screen shows: each screen waits for them itself, so
            that its code loads meanwhile rather than after them (decision 0945). */}
        <Suspense fallback={<ScreenLoader />}>
          <Suspense fallback={null}>
            <DeferredNotifications />
            <DirectionSync />
          </Suspense>
          {/* The query client comes with the screens that query (app/query-client-gate.tsx). */}
          <RouterProvider router={router} />
        </Suspense>
      </ThemeProvider>
    </DirectionProvider>
  );
}
