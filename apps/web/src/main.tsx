import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { App } from './app/app';
import { initI18n } from './lib/i18n';

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
