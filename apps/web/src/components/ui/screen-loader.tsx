import { Center, Loader } from '@mantine/core';

/** Shown while a screen's code or translations load. */
export function ScreenLoader() {
  return (
    <Center mih="50vh" role="status" aria-live="polite" aria-label="Chargement…" data-testid="screen-loader">
      <Loader />
    </Center>
  );
}

/**
 * The app's start screen (translations and session renewal on their way): the brand, as the HTML
 * draws it before any script runs (index.html, decision 0973), and the kit's loader under it.
 */
export function BootLoader() {
  return (
    <div className="boot" role="status" aria-live="polite" aria-label="Chargement…" data-testid="screen-loader">
      <span className="boot-brand">Ouvrage</span>
      <Loader />
    </div>
  );
}
