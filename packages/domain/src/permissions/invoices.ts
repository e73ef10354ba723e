import type { PermissionTable } from './types';

/**
 * Invoices (decision 0700). `owner: 'invoice'` is its issuer (an architect) or its client; issuing
 * and crediting are for the issuer (or an admin, who passes ownership); the handlers also check
 * the caller is the quote's or the invoice's issuer, since a client owns them too. The list is
 * scoped by role in the handler: an architect's issued invoices, a client's, everyone's for admins.
 */
const pro = { validatedOnly: true } as const;

export const invoicePermissions = {
  'POST /api/facture': { allow: ['architecte', 'admin'], ...pro, owner: { kind: 'quote', from: 'body', field: 'quote_id' } },
  'POST /api/facture/{id}/avoir': { allow: ['architecte', 'admin'], ...pro, owner: 'invoice' },
  // The refund a credit note on a paid invoice left owed (decision 1062): recorded by its issuer.
  'POST /api/facture/{id}/remboursement': { allow: ['architecte', 'admin'], ...pro, owner: 'invoice' },
  'GET /api/liste-facture': {
    allow: ['architecte', 'client', 'admin'],
    ...pro,
    owner: { kind: 'none', reason: 'Le filtre quote_id ne fait que restreindre la liste, déjà limitée aux factures de l’appelant (émises ou reçues).' },
  },
  'GET /api/get-facture-detail/{id}': { allow: ['architecte', 'client', 'admin'], ...pro, owner: 'invoice' },
  'GET /api/facture/{id}/pdf': { allow: ['architecte', 'client', 'admin'], ...pro, owner: 'invoice' },
  'GET /api/facture/avoir/{id}/pdf': { allow: ['architecte', 'client', 'admin'], ...pro, owner: 'credit-note' },
  'GET /api/facture/devis/{id}': { allow: ['architecte', 'admin'], ...pro, owner: 'quote' },
  // The late-payment rates by half-year (decision 1051): kept by the admin.
  'GET /api/admin/taux-penalites': { allow: ['admin'] },
  'PUT /api/admin/taux-penalites': { allow: ['admin'] },
  'GET /api/facture/parametre': { allow: ['architecte'], ...pro },
  'PATCH /api/facture/parametre': { allow: ['architecte'], ...pro },
} as const satisfies PermissionTable;
