import type { PermissionTable } from './types';

/**
 * A project's timeline (issue 12, decision 0831): whoever may open the project (its client, the
 * professionals whose tender on it was accepted, the admin) reads it; what each one sees is
 * narrowed by the owning modules (a professional never sees a competitor's quote or price).
 */
export const activityPermissions = {
  'GET /api/project/activite/{id}': { allow: 'authenticated', owner: 'project' },
} as const satisfies PermissionTable;
