import type { PermissionTable } from './types';

/**
 * Bank transfers (decision 0731). The transfer instructions of an invoice are for its parties
 * (`owner: 'invoice'`: issuer or client) and admins; only its client declares a transfer (the role
 * row lets clients in, the ownership check keeps them to their own invoices). Confirming receipt
 * and everything about bank statements is the platform admin's.
 */
const pro = { validatedOnly: true } as const;

export const bankTransferPermissions = {
  'GET /api/facture/{id}/virement': { allow: ['architecte', 'client', 'admin'], ...pro, owner: 'invoice' },
  'POST /api/facture/{id}/virement': { allow: ['client'], owner: 'invoice' },
  'GET /api/admin/virements': { allow: ['admin'] },
  'POST /api/valider-paiement-facture/{id}': { allow: ['admin'] },
  'POST /api/admin/releve-bancaire': { allow: ['admin'] },
  'GET /api/admin/releve-bancaire/lignes': { allow: ['admin'] },
  'POST /api/admin/releve-bancaire/lignes/{id}/rapprocher': { allow: ['admin'] },
  'POST /api/admin/releve-bancaire/lignes/{id}/ignorer': { allow: ['admin'] },
} as const satisfies PermissionTable;
