import type { PermissionTable } from './types';

/** Platform foundation: health, sessions, password reset, roles, outbox (the bell's tender lists are in tenders.ts). */
export const foundationPermissions = {
  'GET /api/health': { allow: 'public' },
  'POST /api/login': { allow: 'public' },
  'POST /api/refresh': { allow: 'public' },
  'POST /api/logout': { allow: 'public' },
  'POST /api/forgot-password': { allow: 'public' },
  'POST /api/save-new-password': { allow: 'public' },
  'GET /api/me': { allow: 'authenticated' },
  'GET /api/list-role': { allow: ['admin'] },
  'GET /api/admin/outbox': { allow: ['admin'] },
  'GET /api/admin/outbox/{id}': { allow: ['admin'] },
} as const satisfies PermissionTable;
