import type { PermissionTable } from './types';

/**
 * Quotes (decision 0510). `owner: 'quote'` is its issuer (an architect) or its client; the roles
 * say which of the two may act: only an architect edits, sends, cancels or validates, only a
 * client accepts or refuses. `{id}` of `liste-devis/{id}` is the caller's own user id, of
 * `devis/comparaison/{id}` the project's.
 */
const architect = { allow: ['architecte'], validatedOnly: true } as const;
const architectOnQuote = { ...architect, owner: 'quote' } as const;
const clientOnQuote = { allow: ['client'], owner: 'quote' } as const;

export const quotePermissions = {
  'GET /api/liste-devis/{id}': { allow: ['architecte', 'client'], validatedOnly: true, owner: 'self' },
  'GET /api/liste-devis': { allow: ['admin'] },
  'GET /api/devis/projets': architect,
  'POST /api/devis': { ...architect, owner: { kind: 'project', from: 'body', field: 'project_id' } },
  'GET /api/get-details-devis/{id}': { allow: ['architecte', 'client', 'admin'], validatedOnly: true, owner: 'quote' },
  'PATCH /api/update-devis/{id}': architectOnQuote,
  'DELETE /api/delete-devis/{id}': architectOnQuote,
  'POST /api/devis/{id}/nouvelle-version': architectOnQuote,
  'POST /api/send-devis-email/{id}': architectOnQuote,
  'GET /api/devis/{id}/pdf': { allow: ['architecte', 'client', 'admin'], validatedOnly: true, owner: 'quote' },
  'POST /api/validate-devis-client/{id}': clientOnQuote,
  'POST /api/refuser-devis-client/{id}': clientOnQuote,
  'POST /api/cancel-devis-pro/{id}': architectOnQuote,
  // The client withdraws from their own signed quote (decision 1053).
  'POST /api/devis/{id}/retractation': clientOnQuote,
  'GET /api/devis/validation-architecte': architect,
  'POST /api/validate-devis-pro/{id}': architectOnQuote,
  'GET /api/devis/comparaison/{id}': { allow: ['client', 'admin'], owner: 'project' },
  'GET /api/devis/parametre': architect,
  'PATCH /api/devis/parametre': architect,
  'GET /api/devis/parametre/logo': architect,
  'POST /api/devis/parametre/logo': architect,
  'DELETE /api/devis/parametre/logo': architect,
  'GET /admin/devis-option': { allow: ['admin'] },
  'PATCH /admin/devis-option': { allow: ['admin'] },
  'GET /admin/devis-option/logo': { allow: ['admin'] },
  'POST /admin/devis-option/logo': { allow: ['admin'] },
  'DELETE /admin/devis-option/logo': { allow: ['admin'] },
  'GET /admin/mediateur': { allow: ['admin'] },
  'PUT /admin/mediateur': { allow: ['admin'] },
} as const satisfies PermissionTable;
