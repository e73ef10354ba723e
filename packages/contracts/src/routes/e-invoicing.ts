import { routeLines, typedRoutes } from '../route-lines';
import type { eInvoicingEndpoints } from '../e-invoicing';

/**
 * E-invoicing through a plateforme agréée (issue 37 §1, decision 1212). An architect keeps their
 * own PA settings; an admin names the issuer with `issuer_id`. The invoice's e-invoicing status is
 * read by whoever may read the invoice. The webhook is called by the PA, never by a user: its HMAC
 * signature with the issuer's webhook secret is checked by the handler.
 */
const pro = { validatedOnly: true } as const;
const ownOrAdmin = {
  allow: ['architecte', 'admin'],
  ...pro,
  owner: { kind: 'none', reason: 'Le handler lit les réglages de l’appelant ; seul un admin choisit l’émetteur par issuer_id (403 sinon).' },
} as const;

export const eInvoicingLines = routeLines({
  getSettings: { method: 'GET', path: '/api/facturation-electronique/parametres', access: ownOrAdmin },
  saveSettings: { method: 'PUT', path: '/api/facturation-electronique/parametres', access: ownOrAdmin },
  testConnection: { method: 'POST', path: '/api/facturation-electronique/parametres/test', access: ownOrAdmin },
  invoiceStatus: {
    method: 'GET',
    path: '/api/factures/{id}/facturation-electronique',
    access: { allow: ['architecte', 'client', 'admin'], ...pro, owner: 'invoice' },
  },
  retrySubmission: {
    method: 'POST',
    path: '/api/facturation-electronique/envois/{id}/relance',
    access: {
      allow: ['architecte', 'admin'],
      ...pro,
      owner: { kind: 'none', reason: 'L’id est celui d’un envoi : le handler vérifie que l’appelant est l’émetteur du document envoyé (403 sinon).' },
    },
  },
  awaitingAction: { method: 'GET', path: '/api/facturation-electronique/a-traiter', access: { allow: ['architecte'], ...pro } },
  adminConnections: { method: 'GET', path: '/api/admin/facturation-electronique', access: { allow: ['admin'] } },
  webhook: { method: 'POST', path: '/api/facturation-electronique/webhook/{issuer}', access: { allow: 'public' } },
});

export const eInvoicingRoutes = /* @__PURE__ */ typedRoutes<typeof eInvoicingEndpoints>(eInvoicingLines);
