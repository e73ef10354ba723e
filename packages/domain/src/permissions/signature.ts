import type { PermissionTable } from './types';

/**
 * The signer's e-mail code (decisions 0620–0624). `{id}` is the quote's; only its client signs
 * (the handler also checks the caller is the quote's client, since admins pass ownership).
 */
const signerOnQuote = { allow: ['client'], owner: 'quote' } as const;

export const signaturePermissions = {
  'POST /api/sign-devis/{id}': signerOnQuote,
  'POST /api/sign-devis/{id}/code': signerOnQuote,
} as const satisfies PermissionTable;
