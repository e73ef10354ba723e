import type { PermissionTable } from './types';

/**
 * Client projects. `owner: 'project'`: the client who owns the project, and professionals whose
 * tender on it was accepted; admins always pass. `project-file`: the owners of the file's project.
 * add-detail names the project in its JSON body; upload-file in its query (`?project_id=`), so that
 * ownership is checked before the multipart body is read.
 */
export const projectPermissions = {
  'GET /api/address/search': { allow: 'public' },
  'POST /api/projects': { allow: 'public' },
  'GET /api/project/list-per-user/{id}': { allow: ['client', 'admin'], owner: 'self' },
  'GET /api/project/detail-project/{id}': { allow: 'authenticated', owner: 'project' },
  'PATCH /api/project/update/{id}': { allow: ['client', 'admin'], owner: 'project' },
  // The client cancels their own project (issue 15); professionals who own it through a tender do not.
  'POST /api/project/annuler/{id}': { allow: ['client', 'admin'], owner: 'project' },
  'POST /api/project/detail-project/add-detail': { allow: 'authenticated', owner: { kind: 'project', from: 'body', field: 'project_id' } },
  'POST /api/project/detail-project/upload-file': { allow: 'authenticated', owner: { kind: 'project', from: 'query', field: 'project_id' } },
  'GET /api/project/file/{id}': { allow: 'authenticated', owner: 'project-file' },
  'GET /api/admin/project/list-project': { allow: ['admin'] },
  'POST /api/admin/project/change-state': { allow: ['admin'] },
  'POST /api/admin/project/change-stage': { allow: ['admin'] },
  'DELETE /admin/supprimer/projet/{id}': { allow: ['admin'] },
} as const satisfies PermissionTable;
