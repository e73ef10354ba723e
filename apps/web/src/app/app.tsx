import { Suspense, useEffect } from 'react';
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isRtl } from '@ouvrage/domain';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from '../lib/theme';
import { ScreenLoader } from '../components/ui/screen-loader';
import { AppRoutes } from './router';

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

export function App() {
  return (
    <DirectionProvider initialDirection={document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'} detectDirection={false}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        {/* Translations load before the first screen shows. */}
        <Suspense fallback={<ScreenLoader />}>
          <Notifications position="top-center" />
          <DirectionSync />
          <QueryClientProvider client={queryClient}>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </QueryClientProvider>
        </Suspense>
      </MantineProvider>
    </DirectionProvider>
  );
}
