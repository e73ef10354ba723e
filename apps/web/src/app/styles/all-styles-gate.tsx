import { use, type ReactNode } from 'react';

interface StylesLoad {
  promise?: Promise<unknown>;
  applied: boolean;
}

const all: StylesLoad = { applied: false };
const dashboard: StylesLoad = { applied: false };

/** The promise settles when the stylesheet applies; a failed load leaves the screen unstyled rather than broken. */
function load(styles: StylesLoad, importer: () => Promise<unknown>): Promise<unknown> {
  styles.promise ??= importer().then(
    () => (styles.applied = true),
    () => (styles.applied = true),
  );
  return styles.promise;
}

/**
 * Load the whole UI kit's styles once: the dashboard's share (if not already there), then the
 * rest, in that order in the document (decision 0978).
 */
export function loadAllStyles(): Promise<unknown> {
  return load(all, () => Promise.all([load(dashboard, () => import('./dashboard-styles')), import('./all-styles')]));
}

/** The share the dashboard and the shell need (decision 0971); `loadAllStyles` loads it too. */
export function loadDashboardStyles(): Promise<unknown> {
  if (all.applied) return Promise.resolve();
  return load(dashboard, () => import('./dashboard-styles'));
}

/** Shows its children once the whole kit's styles apply (the nearest Suspense shows meanwhile; not at all once they have). */
export function WithAllStyles({ children }: { children: ReactNode }) {
  if (!all.applied) use(loadAllStyles());
  return children;
}

/** Shows its children once the dashboard's share of the kit's styles (or the whole kit's) applies. */
export function WithDashboardStyles({ children }: { children: ReactNode }) {
  if (!all.applied && !dashboard.applied) use(loadDashboardStyles());
  return children;
}

/**
 * The shell's gate: its kit share is in the dashboard's, so either stylesheet will do — the one
 * already asked for (the dashboard's on a stored user's `/dashboard`, the whole kit's elsewhere).
 */
export function WithShellStyles({ children }: { children: ReactNode }) {
  if (!all.applied && !dashboard.applied) use(dashboard.promise ?? loadAllStyles());
  return children;
}
