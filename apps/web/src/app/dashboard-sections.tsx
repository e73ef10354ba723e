import { lazy, type ComponentType } from 'react';
import type { UserType } from '@ouvrage/domain';

export interface DashboardSection {
  key: string;
  roles: readonly UserType[];
  Component: ComponentType;
}

/**
 * Features contribute a dashboard section for some roles (e.g. the client's projects).
 * Add entries here with a lazy import of the feature's component.
 */
export const dashboardSections: DashboardSection[] = [
  { key: 'client-dashboard', roles: ['client'], Component: lazy(() => import('../features/dashboard/components/client-dashboard-section')) },
  { key: 'admin-dashboard', roles: ['admin'], Component: lazy(() => import('../features/admin-dashboard/components/admin-dashboard-section')) },
  { key: 'admin-board', roles: ['admin'], Component: lazy(() => import('../features/admin-dashboard/components/project-board-section')) },
  { key: 'admin-projects', roles: ['admin'], Component: lazy(() => import('../features/projects/components/admin-projects-section')) },
  { key: 'pro-dashboard', roles: ['professionnel', 'dessinateur', 'architecte'], Component: lazy(() => import('../features/dashboard/components/professional-dashboard-section')) },
  { key: 'architect-dashboard', roles: ['architecte'], Component: lazy(() => import('../features/dashboard/components/architect-dashboard-section')) },
];

export { lazy };
