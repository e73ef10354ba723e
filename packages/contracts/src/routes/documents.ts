import { routeLines, typedRoutes } from '../route-lines';
import type { documentEndpoints } from '../documents';

/**
 * The documents area `/document` (decisions 0680–0684). The list: any signed-in user, each sees only
 * what is theirs (the service scopes every source to the caller; an admin sees all). A contract is
 * uploaded by an admin or a validated architect; its optional project, a field of the multipart
 * form, is checked by the service (`project` ownership) once the form is read. The PDFs of a
 * signature document: its owner, its signers with an account, admins.
 */
const onSignatureDocument = { allow: 'authenticated', owner: 'signature-document' } as const;

export const documentLines = routeLines({
  listDocuments: { method: 'GET', path: '/api/documents', access: { allow: 'authenticated' } },
  uploadContract: {
    method: 'POST',
    path: '/api/documents/contrats',
    access: {
      allow: ['architecte', 'admin'],
      validatedOnly: true,
      owner: { kind: 'none', reason: 'Le projet facultatif est un champ du formulaire multipart : le service vérifie que l’appelant en est propriétaire.' },
    },
    consumes: ['multipart/form-data'],
  },
  originalFile: { method: 'GET', path: '/api/documents/{id}/original', access: onSignatureDocument },
  signedFile: { method: 'GET', path: '/api/documents/{id}/signe', access: onSignatureDocument },
});

export const documentRoutes = /* @__PURE__ */ typedRoutes<typeof documentEndpoints>(documentLines);
