import type { UserType } from '@ouvrage/domain';

/**
 * What the preload script (`ouvrage:preload-opened-screen` in `vite.config.ts`) reads at build for
 * a stored user's `/dashboard` (decision 0950). Plain data, no import of code: the build's
 * configuration imports this file.
 */

/**
 * The dashboard's sections: the roles that see each and its module (under `src/`), in the order
 * they show. `dashboard-sections.tsx` gives each its lazy import; the preload script asks for the
 * stored role's modules. `dashboard-figures.test.ts` checks that each lazy import is the module
 * named here.
 */
export const DASHBOARD_SECTIONS = [
  { key: 'client-dashboard', roles: ['client'], module: 'features/dashboard/components/client-dashboard-section.tsx' },
  { key: 'admin-dashboard', roles: ['admin'], module: 'features/admin-dashboard/components/admin-dashboard-section.tsx' },
  { key: 'admin-board', roles: ['admin'], module: 'features/admin-dashboard/components/project-board-section.tsx' },
  { key: 'admin-projects', roles: ['admin'], module: 'features/projects/components/admin-projects-section.tsx' },
  { key: 'pro-dashboard', roles: ['professionnel', 'dessinateur', 'architecte'], module: 'features/dashboard/components/professional-dashboard-section.tsx' },
  { key: 'architect-dashboard', roles: ['architecte'], module: 'features/dashboard/components/architect-dashboard-section.tsx' },
] as const satisfies ReadonlyArray<{ key: string; roles: readonly UserType[]; module: string }>;

export type DashboardSectionKey = (typeof DASHBOARD_SECTIONS)[number]['key'];

/**
 * What the preload script asks the API for, per role, as soon as it has renewed the session: the
 * figures the role's dashboard section reads first. `dashboard-figures.test.ts` checks them
 * against the endpoints the sections call. The API decides what each caller may read; the app
 * uses an answer only for the user the session was renewed for (`lib/boot-session.ts`).
 */
export const DASHBOARD_FIGURES: Readonly<Record<string, readonly string[]>> = {
  client: ['/api/dashboard/client'],
  professionnel: ['/api/dashboard/professionnel'],
  dessinateur: ['/api/dashboard/professionnel'],
  architecte: ['/api/dashboard/professionnel'],
};
