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
  { key: 'client-projects', roles: ['client'], Component: lazy(() => import('../features/projects/components/client-projects-section')) },
  { key: 'admin-projects', roles: ['admin'], Component: lazy(() => import('../features/projects/components/admin-projects-section')) },
  { key: 'pro-tenders', roles: ['professionnel', 'dessinateur', 'architecte'], Component: lazy(() => import('../features/tenders/components/pro-dashboard-section')) },
];

export { lazy };
