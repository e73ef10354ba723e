import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { UserType } from '@ouvrage/domain';
import { preloadable, type PreloadableComponent } from './preloadable';
import { loadQueryClient } from './query-client-gate';
import { DASHBOARD_SECTIONS, type DashboardSectionKey } from './dashboard-figures';

/** A section's module: its component and, if it reads figures the preload script asks for early, their prefetch. */
interface SectionModule {
  default: ComponentType;
  prefetch?: (client: QueryClient) => Promise<void>;
}

export interface DashboardSection {
  key: string;
  roles: readonly UserType[];
  Component: PreloadableComponent<object, SectionModule>;
}

// Each section's lazy import, by its key in `DASHBOARD_SECTIONS` (`dashboard-figures.ts`: the roles
// that see it and its module, which the build's preload script reads). A feature contributing a
// section adds its line there and its import here.
const sectionImports: Record<DashboardSectionKey, () => Promise<SectionModule>> = {
  'client-dashboard': () => import('../features/dashboard/components/client-dashboard-section'),
  'admin-dashboard': () => import('../features/admin-dashboard/components/admin-dashboard-section'),
  'admin-board': () => import('../features/admin-dashboard/components/project-board-section'),
  'admin-projects': () => import('../features/projects/components/admin-projects-section'),
  'pro-dashboard': () => import('../features/dashboard/components/professional-dashboard-section'),
  'architect-dashboard': () => import('../features/dashboard/components/architect-dashboard-section'),
};

/** Features contribute a dashboard section for some roles (e.g. the client's projects). */
export const dashboardSections: DashboardSection[] = DASHBOARD_SECTIONS.map(({ key, roles }) => ({
  key,
  roles,
  Component: preloadable(sectionImports[key]),
}));

/**
 * Load the sections of a role's dashboard (the router does so before the dashboard shows, decision
 * 0950) and the figures they read first (decision 0971): already asked for by the preload script,
 * they are in the query cache before the first render, which then shows them — no second render
 * right after the first screen. A failed read is left to the section (its error and retry).
 */
export function loadDashboardSections(role: UserType): Promise<unknown> {
  return Promise.all(
    dashboardSections
      .filter((section) => section.roles.includes(role))
      .map((section) => section.Component.load().then((module) => module.prefetch && loadQueryClient().then(module.prefetch))),
  );
}
