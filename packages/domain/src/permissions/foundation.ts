import type { PermissionTable } from './types';

/** Platform foundation: health, sessions, password reset, roles, tender lists for the bell, outbox. */
export const foundationPermissions = {
  'GET /api/health': { allow: 'public' },
  'POST /api/login': { allow: 'public' },
  'POST /api/refresh': { allow: 'public' },
  'POST /api/logout': { allow: 'public' },
  'POST /api/forgot-password': { allow: 'public' },
  'POST /api/save-new-password': { allow: 'public' },
  'GET /api/me': { allow: 'authenticated' },
  'GET /api/list-role': { allow: ['admin'] },
  'GET /api/professionnel/liste-offres/{id}': {
    allow: ['professionnel', 'dessinateur', 'architecte'],
    validatedOnly: true,
    owner: 'self',
  },
  'GET /api/admin/liste-offres': { allow: ['admin'] },
  'GET /api/admin/outbox': { allow: ['admin'] },
  'GET /api/admin/outbox/{id}': { allow: ['admin'] },
} as const satisfies PermissionTable;
