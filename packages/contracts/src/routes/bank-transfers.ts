import { routeLines, typedRoutes } from '../route-lines';
import type { bankTransferEndpoints } from '../bank-transfers';

/**
 * Bank transfers (decision 0731). The transfer instructions of an invoice are for its parties
 * (`owner: 'invoice'`: issuer or client) and admins; only its client declares a transfer (the role
 * row lets clients in, the ownership check keeps them to their own invoices). Confirming receipt
 * and everything about bank statements is the platform admin's.
 */
const pro = { validatedOnly: true } as const;

export const bankTransferLines = routeLines({
  transferInstructions: { method: 'GET', path: '/api/facture/{id}/virement', access: { allow: ['architecte', 'client', 'admin'], ...pro, owner: 'invoice' } },
  declareTransfer: { method: 'POST', path: '/api/facture/{id}/virement', access: { allow: ['client'], owner: 'invoice' } },
  pendingTransfers: { method: 'GET', path: '/api/admin/virements', access: { allow: ['admin'] } },
  confirmTransfer: { method: 'POST', path: '/api/valider-paiement-facture/{id}', access: { allow: ['admin'] } },
  importStatement: { method: 'POST', path: '/api/admin/releve-bancaire', access: { allow: ['admin'] }, consumes: ['multipart/form-data'] },
  statementLines: { method: 'GET', path: '/api/admin/releve-bancaire/lignes', access: { allow: ['admin'] } },
  matchLine: { method: 'POST', path: '/api/admin/releve-bancaire/lignes/{id}/rapprocher', access: { allow: ['admin'] } },
  ignoreLine: { method: 'POST', path: '/api/admin/releve-bancaire/lignes/{id}/ignorer', access: { allow: ['admin'] } },
});

export const bankTransferRoutes = /* @__PURE__ */ typedRoutes<typeof bankTransferEndpoints>(bankTransferLines);
