import type { PermissionTable } from './types';

/** The public verification page of sealed PDFs (decision 0630): anyone, logged out, may check a file. */
export const sealVerificationPermissions = {
  'POST /api/verification-signature': { allow: 'public' },
  'GET /api/verification-signature/empreinte/{sha256}': { allow: 'public' },
} as const satisfies PermissionTable;
