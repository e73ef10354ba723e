import { routeLines, subjectSigningLines, typedRoutes } from '../route-lines';
import type { avenantEndpoints } from '../avenants';

/**
 * Avenants on a validated quote (issue 38 §1, decision 1220). `owner: 'quote'` is the quote's issuer
 * or client; `'avenant'` the avenant's (the quote's issuer and client). Drafting, editing and
 * sending are the issuer's (or an admin's): the handlers check the caller is the issuer, since the
 * client owns the records too. Refusing, withdrawing and signing are the client's alone.
 */
const pro = { validatedOnly: true } as const;
const parties = ['architecte', 'client', 'admin'] as const;
const issuer = ['architecte', 'admin'] as const;

export const avenantLines = routeLines({
  quoteAvenants: { method: 'GET', path: '/api/devis/{id}/avenants', access: { allow: parties, ...pro, owner: 'quote' } },
  createAvenant: { method: 'POST', path: '/api/devis/{id}/avenants', access: { allow: issuer, ...pro, owner: 'quote' } },
  avenant: { method: 'GET', path: '/api/avenants/{id}', access: { allow: parties, ...pro, owner: 'avenant' } },
  updateAvenant: { method: 'PUT', path: '/api/avenants/{id}', access: { allow: issuer, ...pro, owner: 'avenant' } },
  deleteAvenant: { method: 'DELETE', path: '/api/avenants/{id}', access: { allow: issuer, ...pro, owner: 'avenant' } },
  sendAvenant: { method: 'POST', path: '/api/avenants/{id}/envoyer', access: { allow: issuer, ...pro, owner: 'avenant' } },
  refuseAvenant: { method: 'POST', path: '/api/avenants/{id}/refuser', access: { allow: ['client'], owner: 'avenant' } },
  withdrawAvenant: { method: 'POST', path: '/api/avenants/{id}/retractation', access: { allow: ['client'], owner: 'avenant' } },
  avenantPdf: { method: 'GET', path: '/api/avenants/{id}/pdf', access: { allow: parties, ...pro, owner: 'avenant' } },
  ...subjectSigningLines('/api/avenants/{id}', 'avenant'),
});

export const avenantRoutes = /* @__PURE__ */ typedRoutes<typeof avenantEndpoints>(avenantLines);
