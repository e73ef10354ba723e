import { Center, Loader } from '@mantine/core';

/** Shown while a screen's code or translations load. */
export function ScreenLoader() {
  return (
    <Center mih="50vh" role="status" aria-live="polite" aria-label="Chargement…" data-testid="screen-loader">
      <Loader />
    </Center>
  );
}
