import { routeLines, subjectSigningLines, typedRoutes } from '../route-lines';
import type { dgdEndpoints } from '../dgd';

/**
 * The final account, décompte général définitif (issue 38 §4, decision 1222). `owner: 'quote'` is
 * the quote's issuer or client; `'dgd'` the DGD's (its quote's issuer and client). Establishing is
 * the issuer's (or an admin's): the handler checks the caller is the issuer, since the client owns
 * the records too. Disputing and signing (accepting) are the client's alone.
 */
const pro = { validatedOnly: true } as const;
const parties = ['architecte', 'client', 'admin'] as const;
const issuer = ['architecte', 'admin'] as const;

export const dgdLines = routeLines({
  quoteDgd: { method: 'GET', path: '/api/devis/{id}/dgd', access: { allow: parties, ...pro, owner: 'quote' } },
  establishDgd: { method: 'POST', path: '/api/devis/{id}/dgd', access: { allow: issuer, ...pro, owner: 'quote' } },
  dgd: { method: 'GET', path: '/api/dgd/{id}', access: { allow: parties, ...pro, owner: 'dgd' } },
  disputeDgd: { method: 'POST', path: '/api/dgd/{id}/contester', access: { allow: ['client'], owner: 'dgd' } },
  dgdPdf: { method: 'GET', path: '/api/dgd/{id}/pdf', access: { allow: parties, ...pro, owner: 'dgd' } },
  ...subjectSigningLines('/api/dgd/{id}', 'dgd'),
});

export const dgdRoutes = /* @__PURE__ */ typedRoutes<typeof dgdEndpoints>(dgdLines);
