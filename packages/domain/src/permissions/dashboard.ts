import type { PermissionTable } from './types';

/**
 * Dashboards (issue 12, decision 0810). Each route answers the caller's own figures only: it takes
 * no record id, the services scope every query to the caller. The professional's dashboard is open
 * before validation (the profile checklist is what a pending professional needs); the architect's
 * figures (quotes, invoices, guarantees) follow the quote menus, validated accounts only. The
 * admin's dashboard is its own module.
 */
export const dashboardPermissions = {
  'GET /api/dashboard/client': { allow: ['client'] },
  'GET /api/dashboard/professionnel': { allow: ['professionnel', 'dessinateur', 'architecte'] },
  'GET /api/dashboard/architecte': { allow: ['architecte'], validatedOnly: true },
} as const satisfies PermissionTable;
