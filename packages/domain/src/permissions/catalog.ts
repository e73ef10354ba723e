import type { PermissionTable } from './types';

/** Categories and goods (biens): public reads drive the journey; the admin manages them. */
export const catalogPermissions = {
  'GET /api/categoryprojects': { allow: 'public' },
  'GET /api/biens/category-bien/{id}': { allow: 'public' },
  'GET /api/catalog-labels': { allow: 'public' },
  'GET /api/admin/list-category': { allow: ['admin'] },
  'POST /api/admin/save-category': { allow: ['admin'] },
  'GET /api/admin/edit-category/{id}': { allow: ['admin'] },
  'PATCH /api/admin/update-category': { allow: ['admin'] },
  'DELETE /api/admin/delete-category/{id}': { allow: ['admin'] },
  'POST /api/admin/category-image/{id}': { allow: ['admin'] },
  'GET /api/category-image/{id}': { allow: 'public' },
  'GET /api/admin/list-bien': { allow: ['admin'] },
  'POST /api/admin/save-bien': { allow: ['admin'] },
  'GET /api/admin/edit-bien/{id}': { allow: ['admin'] },
  'PATCH /api/admin/update-bien': { allow: ['admin'] },
  'DELETE /api/admin/delete-bien/{id}': { allow: ['admin'] },
} as const satisfies PermissionTable;
