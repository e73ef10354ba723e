import type { UserType } from '@ouvrage/domain';
import { preloadable, type PreloadableComponent } from './preloadable';

export interface DashboardSection {
  key: string;
  roles: readonly UserType[];
  Component: PreloadableComponent;
}

/**
 * Features contribute a dashboard section for some roles (e.g. the client's projects).
 * Add entries here with a lazy import of the feature's component, in this form: the build reads
 * `roles` and the import of each entry to preload the stored user's sections (`vite.config.ts`).
 */
export const dashboardSections: DashboardSection[] = [
  { key: 'client-dashboard', roles: ['client'], Component: preloadable(() => import('../features/dashboard/components/client-dashboard-section')) },
  { key: 'admin-dashboard', roles: ['admin'], Component: preloadable(() => import('../features/admin-dashboard/components/admin-dashboard-section')) },
  { key: 'admin-board', roles: ['admin'], Component: preloadable(() => import('../features/admin-dashboard/components/project-board-section')) },
  { key: 'admin-projects', roles: ['admin'], Component: preloadable(() => import('../features/projects/components/admin-projects-section')) },
  { key: 'pro-dashboard', roles: ['professionnel', 'dessinateur', 'architecte'], Component: preloadable(() => import('../features/dashboard/components/professional-dashboard-section')) },
  { key: 'architect-dashboard', roles: ['architecte'], Component: preloadable(() => import('../features/dashboard/components/architect-dashboard-section')) },
];

/** Load the sections of a role's dashboard (the router does so before the dashboard shows, decision 0950). */
export function loadDashboardSections(role: UserType): Promise<unknown> {
  return Promise.all(dashboardSections.filter((section) => section.roles.includes(role)).map((section) => section.Component.load()));
}
