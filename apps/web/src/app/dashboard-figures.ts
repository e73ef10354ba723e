/**
 * What the preload script (`ouvrage:preload-opened-screen` in `vite.config.ts`) asks the API for
 * on a stored user's `/dashboard`, per role, as soon as it has renewed the session: the figures
 * the role's dashboard section reads first (decision 0950). Plain paths, no import: the build's
 * configuration reads this file. `dashboard-figures.test.ts` checks them against the endpoints the
 * sections call. The API decides what each caller may read; the app uses an answer only for the
 * user the session was renewed for (`lib/boot-session.ts`).
 */
export const DASHBOARD_FIGURES: Readonly<Record<string, readonly string[]>> = {
  client: ['/api/dashboard/client'],
  professionnel: ['/api/dashboard/professionnel'],
  dessinateur: ['/api/dashboard/professionnel'],
  architecte: ['/api/dashboard/professionnel'],
};
