import { routeLines, typedRoutes } from '../route-lines';
import type { invoiceEndpoints } from '../invoices';

/**
 * Invoices (decision 0700). `owner: 'invoice'` is its issuer (an architect) or its client; issuing
 * and crediting are for the issuer (or an admin, who passes ownership); the handlers also check
 * the caller is the quote's or the invoice's issuer, since a client owns them too. The list is
 * scoped by role in the handler: an architect's issued invoices, a client's, everyone's for admins.
 */
const pro = { validatedOnly: true } as const;

export const invoiceLines = routeLines({
  issueInvoice: {
    method: 'POST',
    path: '/api/facture',
    access: { allow: ['architecte', 'admin'], ...pro, owner: { kind: 'quote', from: 'body', field: 'quote_id' } },
  },
  issueCreditNote: { method: 'POST', path: '/api/facture/{id}/avoir', access: { allow: ['architecte', 'admin'], ...pro, owner: 'invoice' } },
  // The refund a credit note on a paid invoice left owed (decision 1062): recorded by its issuer.
  recordRefund: { method: 'POST', path: '/api/facture/{id}/remboursement', access: { allow: ['architecte', 'admin'], ...pro, owner: 'invoice' } },
  listInvoices: {
    method: 'GET',
    path: '/api/liste-facture',
    access: {
      allow: ['architecte', 'client', 'admin'],
      ...pro,
      owner: { kind: 'none', reason: 'Le filtre quote_id ne fait que restreindre la liste, déjà limitée aux factures de l’appelant (émises ou reçues).' },
    },
  },
  getInvoice: { method: 'GET', path: '/api/get-facture-detail/{id}', access: { allow: ['architecte', 'client', 'admin'], ...pro, owner: 'invoice' } },
  invoicePdf: { method: 'GET', path: '/api/facture/{id}/pdf', access: { allow: ['architecte', 'client', 'admin'], ...pro, owner: 'invoice' } },
  creditNotePdf: { method: 'GET', path: '/api/facture/avoir/{id}/pdf', access: { allow: ['architecte', 'client', 'admin'], ...pro, owner: 'credit-note' } },
  quoteInvoicing: { method: 'GET', path: '/api/facture/devis/{id}', access: { allow: ['architecte', 'admin'], ...pro, owner: 'quote' } },
  // The late-payment rates by half-year (decision 1051): kept by the admin.
  latePaymentRates: { method: 'GET', path: '/api/admin/taux-penalites', access: { allow: ['admin'] } },
  saveLatePaymentRate: { method: 'PUT', path: '/api/admin/taux-penalites', access: { allow: ['admin'] } },
  getSettings: { method: 'GET', path: '/api/facture/parametre', access: { allow: ['architecte'], ...pro } },
  saveSettings: { method: 'PATCH', path: '/api/facture/parametre', access: { allow: ['architecte'], ...pro } },
});

export const invoiceRoutes = /* @__PURE__ */ typedRoutes<typeof invoiceEndpoints>(invoiceLines);
