import { use, type ReactNode } from 'react';

let loading: Promise<unknown> | undefined;
let applied = false;

/**
 * Load the whole UI kit's styles once. The promise settles when the stylesheet applies; a failed
 * load leaves the screen unstyled rather than broken.
 */
export function loadAllStyles(): Promise<unknown> {
  loading ??= import('./all-styles').then(
    () => (applied = true),
    () => (applied = true),
  );
  return loading;
}

/** Shows its children once the whole kit's styles apply (the nearest Suspense shows meanwhile; not at all once they have). */
export function WithAllStyles({ children }: { children: ReactNode }) {
  if (!applied) use(loadAllStyles());
  return children;
}
