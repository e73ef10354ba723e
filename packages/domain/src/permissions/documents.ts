import type { PermissionTable } from './types';

/**
 * The documents area `/document` (decisions 0680–0684). The list: any signed-in user, each sees only
 * what is theirs (the service scopes every source to the caller; an admin sees all). A contract is
 * uploaded by an admin or a validated architect; its optional project, a field of the multipart
 * form, is checked by the service (`project` ownership) once the form is read. The PDFs of a
 * signature document: its owner, its signers with an account, admins.
 */
const onSignatureDocument = { allow: 'authenticated', owner: 'signature-document' } as const;

export const documentPermissions = {
  'GET /api/documents': { allow: 'authenticated' },
  'POST /api/documents/contrats': {
    allow: ['architecte', 'admin'],
    validatedOnly: true,
    owner: { kind: 'none', reason: 'Le projet facultatif est un champ du formulaire multipart : le service vérifie que l’appelant en est propriétaire.' },
  },
  'GET /api/documents/{id}/original': onSignatureDocument,
  'GET /api/documents/{id}/signe': onSignatureDocument,
} as const satisfies PermissionTable;
