import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { UserType } from '@ouvrage/domain';
import { preloadable, type PreloadableComponent } from './preloadable';
import { loadQueryClient } from './query-client-gate';

/** A section's module: its component and, if it reads figures, their prefetch before the first render. */
interface SectionModule {
  default: ComponentType;
  prefetch?: (client: QueryClient) => Promise<void>;
}

export interface DashboardSection {
  key: string;
  roles: readonly UserType[];
  Component: PreloadableComponent<object, SectionModule>;
}

/** Features contribute a dashboard section for some roles (e.g. the client's projects), with a lazy import of its component. */
export const dashboardSections: DashboardSection[] = [
  { key: 'client-dashboard', roles: ['client'], Component: preloadable(() => import('../features/dashboard/components/client-dashboard-section')) },
  {
    key: 'client-conversations',
    roles: ['client'],
    Component: preloadable(() => import('../features/conversations/components/conversations-dashboard-section')),
  },
  { key: 'admin-dashboard', roles: ['admin'], Component: preloadable(() => import('../features/admin-dashboard/components/admin-dashboard-section')) },
  { key: 'admin-board', roles: ['admin'], Component: preloadable(() => import('../features/admin-dashboard/components/project-board-section')) },
  { key: 'admin-projects', roles: ['admin'], Component: preloadable(() => import('../features/projects/components/admin-projects-section')) },
  {
    key: 'pro-dashboard',
    roles: ['professionnel', 'dessinateur', 'architecte'],
    Component: preloadable(() => import('../features/dashboard/components/professional-dashboard-section')),
  },
  { key: 'architect-dashboard', roles: ['architecte'], Component: preloadable(() => import('../features/dashboard/components/architect-dashboard-section')) },
];

/**
 * Load the sections of a role's dashboard (the router does so before the dashboard shows, decision
 * 0950) and the figures they read first (decision 0971): they are in the query cache before the
 * first render, which then shows them — no second render right after the first screen. A failed
 * read is left to the section (its error and retry).
 */
export function loadDashboardSections(role: UserType): Promise<unknown> {
  return Promise.all(
    dashboardSections
      .filter((section) => section.roles.includes(role))
      .map((section) => section.Component.load().then((module) => module.prefetch && loadQueryClient().then(module.prefetch))),
  );
}
