import { routeLines, typedRoutes } from '../route-lines';
import type { accountingEndpoints } from '../accounting';

/**
 * The accountant's exports (issue 37 §3, decision 1210): an issuer's FEC of a year and CSV lists of
 * invoices and payments, and the account numbers the FEC uses. An architect exports their own
 * books; an admin names the issuer with `issuer_id`.
 */
const pro = { validatedOnly: true } as const;
const scoped = {
  allow: ['architecte', 'admin'],
  ...pro,
  owner: { kind: 'none', reason: 'Le handler exporte les écritures de l’appelant ; seul un admin choisit l’émetteur par issuer_id (403 sinon).' },
} as const;

export const accountingLines = routeLines({
  fec: { method: 'GET', path: '/api/comptabilite/fec', access: scoped },
  invoicesCsv: { method: 'GET', path: '/api/comptabilite/factures.csv', access: scoped },
  paymentsCsv: { method: 'GET', path: '/api/comptabilite/paiements.csv', access: scoped },
  getAccounts: { method: 'GET', path: '/api/comptabilite/comptes', access: { allow: ['architecte'], ...pro } },
  saveAccounts: { method: 'PUT', path: '/api/comptabilite/comptes', access: { allow: ['architecte'], ...pro } },
});

export const accountingRoutes = /* @__PURE__ */ typedRoutes<typeof accountingEndpoints>(accountingLines);
