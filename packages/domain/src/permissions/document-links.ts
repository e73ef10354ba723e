import type { PermissionTable } from './types';

/**
 * Signed document links for the PDF viewer (decision 0610). Creating one: any signed-in user, the
 * document kind's resolver then checks the caller may read that document (403/404 otherwise).
 * Reading one: anyone holding the link, even logged out; the signed, expiring token is the authority.
 */
export const documentLinkPermissions = {
  'POST /api/document-links': {
    allow: 'authenticated',
    owner: { kind: 'none', reason: 'Le résolveur du type de document vérifie que l’appelant peut lire ce document (403/404 sinon).' },
  },
  'GET /api/document-links/{token}': { allow: 'public' },
} as const satisfies PermissionTable;
