import { routeLines, typedRoutes } from '../route-lines';
import type { quoteEndpoints } from '../quotes';

/**
 * Quotes (decision 0510). `owner: 'quote'` is its issuer (an architect) or its client; the roles
 * say which of the two may act: only an architect edits, sends, cancels or validates, only a
 * client accepts or refuses. `{id}` of `liste-devis/{id}` is the caller's own user id, of
 * `devis/comparaison/{id}` the project's.
 */
const architect = { allow: ['architecte'], validatedOnly: true } as const;
const architectOnQuote = { ...architect, owner: 'quote' } as const;
const clientOnQuote = { allow: ['client'], owner: 'quote' } as const;

export const quoteLines = routeLines({
  listQuotesOf: { method: 'GET', path: '/api/liste-devis/{id}', access: { allow: ['architecte', 'client'], validatedOnly: true, owner: 'self' } },
  listAllQuotes: { method: 'GET', path: '/api/liste-devis', access: { allow: ['admin'] } },
  quotableProjects: { method: 'GET', path: '/api/devis/projets', access: architect },
  createQuote: { method: 'POST', path: '/api/devis', access: { ...architect, owner: { kind: 'project', from: 'body', field: 'project_id' } } },
  getQuote: { method: 'GET', path: '/api/get-details-devis/{id}', access: { allow: ['architecte', 'client', 'admin'], validatedOnly: true, owner: 'quote' } },
  updateQuote: { method: 'PATCH', path: '/api/update-devis/{id}', access: architectOnQuote },
  deleteQuote: { method: 'DELETE', path: '/api/delete-devis/{id}', access: architectOnQuote },
  newVersion: { method: 'POST', path: '/api/devis/{id}/nouvelle-version', access: architectOnQuote },
  sendQuote: { method: 'POST', path: '/api/send-devis-email/{id}', access: architectOnQuote },
  quotePdf: { method: 'GET', path: '/api/devis/{id}/pdf', access: { allow: ['architecte', 'client', 'admin'], validatedOnly: true, owner: 'quote' } },
  acceptQuote: { method: 'POST', path: '/api/validate-devis-client/{id}', access: clientOnQuote },
  refuseQuote: { method: 'POST', path: '/api/refuser-devis-client/{id}', access: clientOnQuote },
  cancelQuote: { method: 'POST', path: '/api/cancel-devis-pro/{id}', access: architectOnQuote },
  // The client withdraws from their own signed quote (decision 1053).
  withdrawQuote: { method: 'POST', path: '/api/devis/{id}/retractation', access: clientOnQuote },
  validationList: { method: 'GET', path: '/api/devis/validation-architecte', access: architect },
  validateQuote: { method: 'POST', path: '/api/validate-devis-pro/{id}', access: architectOnQuote },
  compareQuotes: { method: 'GET', path: '/api/devis/comparaison/{id}', access: { allow: ['client', 'admin'], owner: 'project' } },
  getSettings: { method: 'GET', path: '/api/devis/parametre', access: architect },
  saveSettings: { method: 'PATCH', path: '/api/devis/parametre', access: architect },
  logoFile: { method: 'GET', path: '/api/devis/parametre/logo', access: architect },
  uploadLogo: { method: 'POST', path: '/api/devis/parametre/logo', access: architect, consumes: ['multipart/form-data'] },
  deleteLogo: { method: 'DELETE', path: '/api/devis/parametre/logo', access: architect },
  getPlatformSettings: { method: 'GET', path: '/admin/devis-option', access: { allow: ['admin'] } },
  savePlatformSettings: { method: 'PATCH', path: '/admin/devis-option', access: { allow: ['admin'] } },
  platformLogoFile: { method: 'GET', path: '/admin/devis-option/logo', access: { allow: ['admin'] } },
  uploadPlatformLogo: { method: 'POST', path: '/admin/devis-option/logo', access: { allow: ['admin'] }, consumes: ['multipart/form-data'] },
  deletePlatformLogo: { method: 'DELETE', path: '/admin/devis-option/logo', access: { allow: ['admin'] } },
  getMediator: { method: 'GET', path: '/admin/mediateur', access: { allow: ['admin'] } },
  saveMediator: { method: 'PUT', path: '/admin/mediateur', access: { allow: ['admin'] } },
});

export const quoteRoutes = /* @__PURE__ */ typedRoutes<typeof quoteEndpoints>(quoteLines);
