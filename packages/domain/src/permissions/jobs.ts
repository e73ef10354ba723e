import type { PermissionTable } from './types';

/** Background jobs: the admin reads them and relaunches dead ones. */
export const jobPermissions = {
  'GET /api/admin/jobs': { allow: ['admin'] },
  'POST /api/admin/jobs/{id}/retry': { allow: ['admin'] },
} as const satisfies PermissionTable;
