import { routeLines, typedRoutes } from '../route-lines';
import type { signApiEndpoints } from '../sign-api';

/**
 * The spec's e-signature routes (decision 0663). A quote's signature document is made by its
 * issuer (an architect) or an admin; a document is sent by its owner (its creator) or an admin —
 * the service refuses a signer who is not its owner. Lists answer the caller's own records (all
 * for an admin), so they take no id.
 */
const issuers = { allow: ['architecte', 'admin'], validatedOnly: true } as const;

export const signApiLines = routeLines({
  createDocument: { method: 'POST', path: '/api/sign-api/create-document/{id}', access: { ...issuers, owner: 'quote' } },
  documentsWithoutAgreement: { method: 'GET', path: '/api/sign-api/liste-document-sans-contrat', access: issuers },
  storeDocumentAgreement: { method: 'POST', path: '/api/sign-api/store-document-agreement/{id}', access: { ...issuers, owner: 'signature-document' } },
  quoteSignatureStatuses: {
    method: 'GET',
    path: '/api/sign-api/status-document-devis',
    access: { allow: ['client', 'architecte', 'admin'], validatedOnly: true },
  },
  // Anyone the document belongs to: its owner, its signers with an account (any role), admins.
  documentPdf: { method: 'GET', path: '/api/sign-api/document/{id}/pdf', access: { allow: 'authenticated', owner: 'signature-document' } },
});

export const signApiRoutes = /* @__PURE__ */ typedRoutes<typeof signApiEndpoints>(signApiLines);
