import type { PermissionTable } from './types';

/** User administration (admin) and each user's own profile page (/profil). */
export const userPermissions = {
  'GET /admin/account/lists': { allow: ['admin'] },
  'POST /admin/account/create-new': { allow: ['admin'] },
  'PATCH /api/admin/modify-user': { allow: ['admin'] },
  'DELETE /api/delete-client/{id}': { allow: ['admin'] },
  'POST /api/admin/check-user': { allow: ['admin'] },
  'POST /api/admin/validation-user/{id}': { allow: ['admin'] },
  'GET /api/admin/marketing-leads': { allow: ['admin'] },

  'GET /api/profil/{id}': { allow: 'authenticated', owner: 'self' },
  'PATCH /api/profil/{id}': { allow: 'authenticated', owner: 'self' },
  'POST /api/profil/change-email/{id}': { allow: 'authenticated', owner: 'self' },
  'POST /api/profil/change-password/{id}': { allow: 'authenticated', owner: 'self' },
  /** The link mailed to the new address: it carries its own single-use token. */
  'GET /api/profil/confirm-email': { allow: 'public' },
} as const satisfies PermissionTable;
