import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The UI kit's styles, whole, in Mantine's `mantine` cascade layer (our own styles win whatever the
// order): one stylesheet that every screen has from its first paint (decision 1160). The
// notifications' styles come with their container (app/notifications-host.tsx).
import '@mantine/core/styles.layer.css';
import '@mantine/charts/styles.layer.css';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import { getStoredUser } from './lib/session';
import { preloadOpenedScreen } from './app/first-page-routes';

// The opened screen's code starts loading now rather than when the router first renders it.
preloadOpenedScreen(window.location.pathname, !!getStoredUser());

// Start-up unregisters any ready service worker (spec §4).
if ('serviceWorker' in navigator) {
  void navigator.serviceWorker.ready.then((registration) => registration.unregister()).catch(() => undefined);
}

void initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
