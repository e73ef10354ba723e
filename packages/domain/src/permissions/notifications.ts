import type { PermissionTable } from './types';

/**
 * The notification centre and e-mail choices (decisions 0800–0803): the caller's own, for every
 * role. A notification is its recipient's alone, even for an admin, so the service checks the
 * recipient itself (403 on someone else's, 404 on an unknown id) instead of an owner kind an
 * admin would pass.
 */
const own = { kind: 'none', reason: 'the notification is checked against its recipient by the service (403 on someone else’s, even for an admin)' } as const;

export const notificationPermissions = {
  'GET /api/notifications': { allow: 'authenticated' },
  'POST /api/notifications/{id}/lu': { allow: 'authenticated', owner: own },
  'POST /api/notifications/tout-lu': { allow: 'authenticated' },
  'GET /api/notifications/preferences': { allow: 'authenticated' },
  'PATCH /api/notifications/preferences': { allow: 'authenticated' },
} as const satisfies PermissionTable;
