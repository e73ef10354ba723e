import type { PermissionTable } from './types';

/**
 * The built-in signature (decisions 0620–0624, 0641–0648). `{id}` is the quote's; only its client
 * signs (the handler also checks the caller is the quote's client, since admins pass ownership).
 * `{token}` is a signer's personal link: anyone holding it, even logged out — the random token
 * names one signer of one document, and the e-mail code comes before anything is shown or signed.
 */
const signerOnQuote = { allow: ['client'], owner: 'quote' } as const;
const link = { allow: 'public' } as const;

export const signaturePermissions = {
  'POST /api/sign-devis/{id}': signerOnQuote,
  'POST /api/sign-devis/{id}/code': signerOnQuote,
  'GET /api/sign-devis/{id}/document': signerOnQuote,
  'POST /api/sign-devis/{id}/signature': signerOnQuote,
  'GET /api/devis/{id}/pdf-signe': { allow: ['architecte', 'client', 'admin'], validatedOnly: true, owner: 'quote' },
  'GET /api/signature/{token}': link,
  'POST /api/signature/{token}/demande-code': link,
  'POST /api/signature/{token}/code': link,
  'GET /api/signature/{token}/document': link,
  'POST /api/signature/{token}/signer': link,
  'GET /api/signature/{token}/document-signe': link,
} as const satisfies PermissionTable;
