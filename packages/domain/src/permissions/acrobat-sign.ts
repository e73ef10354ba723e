import type { PermissionTable } from './types';

/**
 * Acrobat Sign's webhook (decision 0661): called by Acrobat Sign, never by a user, so public. The
 * client id it sends is checked, and a notification is only a hint: the agreement is re-read
 * from the Acrobat Sign API with the platform's own token before anything changes.
 */
export const acrobatSignPermissions = {
  'GET /api/webhooks/acrobat-sign': { allow: 'public' },
  'POST /api/webhooks/acrobat-sign': { allow: 'public' },
} as const satisfies PermissionTable;
