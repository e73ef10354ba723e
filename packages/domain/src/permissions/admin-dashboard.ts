import type { PermissionTable } from './types';

/** The admin dashboard and its board of projects by stage (issue 12, decision 0820): admins only. */
export const adminDashboardPermissions = {
  'GET /api/admin/dashboard': { allow: ['admin'] },
  'GET /api/admin/board': { allow: ['admin'] },
} as const satisfies PermissionTable;
