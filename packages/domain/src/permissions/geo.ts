import type { PermissionTable } from './types';

/** Offline geography: public, it drives forms that anonymous visitors fill in. */
export const geoPermissions = {
  'GET /api/geo/communes': { allow: 'public' },
  'GET /api/geo/departements': { allow: 'public' },
} as const satisfies PermissionTable;
