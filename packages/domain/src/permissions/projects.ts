import type { PermissionTable } from './types';

/**
 * Client projects. `owner: 'project'`: the client who owns the project, and professionals whose
 * tender on it was accepted; admins always pass. `project-file`: the owners of the file's project.
 * Routes that name the project in their body (add-detail, upload-file) check ownership in the service.
 */
export const projectPermissions = {
  'GET /api/address/search': { allow: 'public' },
  'POST /api/projects': { allow: 'public' },
  'GET /api/project/list-per-user/{id}': { allow: ['client', 'admin'], owner: 'self' },
  'GET /api/project/detail-project/{id}': { allow: 'authenticated', owner: 'project' },
  'PATCH /api/project/update/{id}': { allow: ['client', 'admin'], owner: 'project' },
  'POST /api/project/detail-project/add-detail': { allow: 'authenticated' },
  'POST /api/project/detail-project/upload-file': { allow: 'authenticated' },
  'GET /api/project/file/{id}': { allow: 'authenticated', owner: 'project-file' },
  'GET /api/admin/project/list-project': { allow: ['admin'] },
  'POST /api/admin/project/change-state': { allow: ['admin'] },
  'POST /api/admin/project/change-stage': { allow: ['admin'] },
  'DELETE /admin/supprimer/projet/{id}': { allow: ['admin'] },
} as const satisfies PermissionTable;
