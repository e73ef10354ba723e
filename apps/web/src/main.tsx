import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Only the first pages' share of the UI kit's styles blocks the first paint; the rest (charts and
// notifications included) comes with the screens that use it (app/styles, decision 0947).
import './app/styles/first-page-styles';
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
