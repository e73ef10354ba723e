import { routeLines, typedRoutes } from '../route-lines';
import type { documentLinkEndpoints } from '../document-links';

/**
 * Signed document links for the PDF viewer (decision 0610). Creating one: any signed-in user, the
 * document kind's resolver then checks the caller may read that document (403/404 otherwise).
 * Reading one: anyone holding the link, even logged out; the signed, expiring token is the authority.
 */
export const documentLinkLines = routeLines({
  createLink: {
    method: 'POST',
    path: '/api/document-links',
    access: {
      allow: 'authenticated',
      owner: { kind: 'none', reason: 'Le résolveur du type de document vérifie que l’appelant peut lire ce document (403/404 sinon).' },
    },
  },
  openLink: { method: 'GET', path: '/api/document-links/{token}', access: { allow: 'public' } },
});

export const documentLinkRoutes = /* @__PURE__ */ typedRoutes<typeof documentLinkEndpoints>(documentLinkLines);
