import type { PermissionTable } from './types';

/**
 * The spec's e-signature routes (decision 0663). A quote's signature document is made by its
 * issuer (an architect) or an admin; a document is sent by its owner (its creator) or an admin —
 * the service refuses a signer who is not its owner. Lists answer the caller's own records (all
 * for an admin), so they take no id.
 */
const issuers = { allow: ['architecte', 'admin'], validatedOnly: true } as const;

export const signApiPermissions = {
  'POST /api/sign-api/create-document/{id}': { ...issuers, owner: 'quote' },
  'GET /api/sign-api/liste-document-sans-contrat': issuers,
  'POST /api/sign-api/store-document-agreement/{id}': { ...issuers, owner: 'signature-document' },
  'GET /api/sign-api/status-document-devis': { allow: ['client', 'architecte', 'admin'], validatedOnly: true },
  // Anyone the document belongs to: its owner, its signers with an account (any role), admins.
  'GET /api/sign-api/document/{id}/pdf': { allow: 'authenticated', owner: 'signature-document' },
} as const satisfies PermissionTable;
