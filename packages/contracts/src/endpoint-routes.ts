/**
 * The endpoints as the web client calls them: method, path, whether the route is public, and the
 * request content types of an upload — without their zod schemas, which the web's first pages
 * would otherwise download with zod itself (issue 13, decision 0948). This module imports no
 * value: the endpoint groups are imported as types only.
 *
 * Each table is checked against its endpoint group: the same keys, and each method and path
 * equal to the declared one (the types are the declared literals). `public` (the permission row
 * says `public`) and `consumes` are checked by `test/endpoint-routes.test.ts`.
 * A new endpoint the web calls gets its line here, in its group.
 */
import type { AnyEndpoint } from './endpoint';
import type { activityEndpoints } from './activity';
import type { adminDashboardEndpoints } from './admin-dashboard';
import type { bankTransferEndpoints } from './bank-transfers';
import type { catalogEndpoints } from './catalog';
import type { dashboardEndpoints } from './dashboard';
import type { documentEndpoints } from './documents';
import type { documentLinkEndpoints } from './document-links';
import type { invoiceEndpoints } from './invoices';
import type { notificationEndpoints } from './notifications';
import type { paymentEndpoints } from './payments';
import type { productEndpoints } from './products';
import type { projectEndpoints } from './projects';
import type { quoteEndpoints } from './quotes';
import type { receptionEndpoints } from './reception';
import type { sealVerificationEndpoints } from './seal-verification';
import type { signApiEndpoints } from './sign-api';
import type { signatureEndpoints } from './signature';
import type { signingFlowEndpoints } from './signing-flow';
import type { tenderProgressEndpoints } from './tenders';

/**
 * One endpoint as the web client needs it. `endpoint` is never set: it carries the declared
 * endpoint's type, from which the client infers the call's input and its answer.
 */
export interface EndpointRoute<E extends AnyEndpoint = AnyEndpoint> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** The permission row says `public`: called without a session. */
  readonly public: boolean;
  /** Request content types other than JSON (multipart uploads). */
  readonly consumes?: readonly string[];
  readonly endpoint?: E;
}

/** The endpoint a route stands for. */
export type RouteEndpoint<R> = R extends EndpointRoute<infer E> ? E : never;

type RouteLines<G extends Record<string, AnyEndpoint>> = {
  readonly [K in keyof G]: { method: G[K]['method']; path: G[K]['path']; public?: true; consumes?: readonly string[] };
};

function routes<G extends Record<string, AnyEndpoint>>(lines: RouteLines<G>): { readonly [K in keyof G]: EndpointRoute<G[K]> } {
  const table: Record<string, EndpointRoute> = {};
  for (const [key, line] of Object.entries(lines)) table[key] = { ...line, public: line.public ?? false };
  return table as { readonly [K in keyof G]: EndpointRoute<G[K]> };
}

export const activityRoutes = /* @__PURE__ */ routes<typeof activityEndpoints>({
  projectActivity: { method: 'GET', path: '/api/project/activite/{id}' },
});

export const adminDashboardRoutes = /* @__PURE__ */ routes<typeof adminDashboardEndpoints>({
  dashboard: { method: 'GET', path: '/api/admin/dashboard' },
  board: { method: 'GET', path: '/api/admin/board' },
});

export const bankTransferRoutes = /* @__PURE__ */ routes<typeof bankTransferEndpoints>({
  transferInstructions: { method: 'GET', path: '/api/facture/{id}/virement' },
  declareTransfer: { method: 'POST', path: '/api/facture/{id}/virement' },
  pendingTransfers: { method: 'GET', path: '/api/admin/virements' },
  confirmTransfer: { method: 'POST', path: '/api/valider-paiement-facture/{id}' },
  importStatement: { method: 'POST', path: '/api/admin/releve-bancaire', consumes: ['multipart/form-data'] },
  statementLines: { method: 'GET', path: '/api/admin/releve-bancaire/lignes' },
  matchLine: { method: 'POST', path: '/api/admin/releve-bancaire/lignes/{id}/rapprocher' },
  ignoreLine: { method: 'POST', path: '/api/admin/releve-bancaire/lignes/{id}/ignorer' },
});

export const catalogRoutes = /* @__PURE__ */ routes<typeof catalogEndpoints>({
  publicCategories: { method: 'GET', path: '/api/categoryprojects', public: true },
  biensOfCategory: { method: 'GET', path: '/api/biens/category-bien/{id}', public: true },
  catalogLabels: { method: 'GET', path: '/api/catalog-labels', public: true },
  listCategories: { method: 'GET', path: '/api/admin/list-category' },
  saveCategory: { method: 'POST', path: '/api/admin/save-category' },
  getCategory: { method: 'GET', path: '/api/admin/edit-category/{id}' },
  updateCategory: { method: 'PATCH', path: '/api/admin/update-category' },
  deleteCategory: { method: 'DELETE', path: '/api/admin/delete-category/{id}' },
  categoryImage: { method: 'POST', path: '/api/admin/category-image/{id}', consumes: ['multipart/form-data'] },
  listBiens: { method: 'GET', path: '/api/admin/list-bien' },
  saveBien: { method: 'POST', path: '/api/admin/save-bien' },
  getBien: { method: 'GET', path: '/api/admin/edit-bien/{id}' },
  updateBien: { method: 'PATCH', path: '/api/admin/update-bien' },
  deleteBien: { method: 'DELETE', path: '/api/admin/delete-bien/{id}' },
});

export const dashboardRoutes = /* @__PURE__ */ routes<typeof dashboardEndpoints>({
  client: { method: 'GET', path: '/api/dashboard/client' },
  professional: { method: 'GET', path: '/api/dashboard/professionnel' },
  architect: { method: 'GET', path: '/api/dashboard/architecte' },
});

export const documentRoutes = /* @__PURE__ */ routes<typeof documentEndpoints>({
  listDocuments: { method: 'GET', path: '/api/documents' },
  uploadContract: { method: 'POST', path: '/api/documents/contrats', consumes: ['multipart/form-data'] },
});

export const documentLinkRoutes = /* @__PURE__ */ routes<typeof documentLinkEndpoints>({
  createLink: { method: 'POST', path: '/api/document-links' },
});

export const invoiceRoutes = /* @__PURE__ */ routes<typeof invoiceEndpoints>({
  issueInvoice: { method: 'POST', path: '/api/facture' },
  issueCreditNote: { method: 'POST', path: '/api/facture/{id}/avoir' },
  recordRefund: { method: 'POST', path: '/api/facture/{id}/remboursement' },
  listInvoices: { method: 'GET', path: '/api/liste-facture' },
  getInvoice: { method: 'GET', path: '/api/get-facture-detail/{id}' },
  quoteInvoicing: { method: 'GET', path: '/api/facture/devis/{id}' },
  latePaymentRates: { method: 'GET', path: '/api/admin/taux-penalites' },
  saveLatePaymentRate: { method: 'PUT', path: '/api/admin/taux-penalites' },
  getSettings: { method: 'GET', path: '/api/facture/parametre' },
  saveSettings: { method: 'PATCH', path: '/api/facture/parametre' },
});

export const notificationRoutes = /* @__PURE__ */ routes<typeof notificationEndpoints>({
  list: { method: 'GET', path: '/api/notifications' },
  markRead: { method: 'POST', path: '/api/notifications/{id}/lu' },
  markAllRead: { method: 'POST', path: '/api/notifications/tout-lu' },
  settings: { method: 'GET', path: '/api/notifications/preferences' },
  saveSettings: { method: 'PATCH', path: '/api/notifications/preferences' },
});

export const paymentRoutes = /* @__PURE__ */ routes<typeof paymentEndpoints>({
  invoiceSummary: { method: 'GET', path: '/api/paiement/facture/{id}', public: true },
  checkout: { method: 'POST', path: '/api/paiement/checkout/{id}', public: true },
  simulatedCard: { method: 'POST', path: '/api/paiement/simulation/{id}', public: true },
  authorize: { method: 'POST', path: '/api/paiement/authorize/{id}', public: true },
  listPayments: { method: 'GET', path: '/api/paiement/lists/{id}' },
});

export const productRoutes = /* @__PURE__ */ routes<typeof productEndpoints>({
  listProducts: { method: 'GET', path: '/api/produit' },
  createProduct: { method: 'POST', path: '/api/produit' },
  getProduct: { method: 'GET', path: '/api/produit/find/{id}' },
  updateProduct: { method: 'PATCH', path: '/api/produit/update/{id}' },
  deleteProduct: { method: 'DELETE', path: '/api/produit/delete/{id}' },
  importProducts: { method: 'POST', path: '/api/produit/import', consumes: ['multipart/form-data'] },
});

export const projectRoutes = /* @__PURE__ */ routes<typeof projectEndpoints>({
  cancelProject: { method: 'POST', path: '/api/project/annuler/{id}' },
});

export const quoteRoutes = /* @__PURE__ */ routes<typeof quoteEndpoints>({
  listQuotesOf: { method: 'GET', path: '/api/liste-devis/{id}' },
  listAllQuotes: { method: 'GET', path: '/api/liste-devis' },
  quotableProjects: { method: 'GET', path: '/api/devis/projets' },
  createQuote: { method: 'POST', path: '/api/devis' },
  getQuote: { method: 'GET', path: '/api/get-details-devis/{id}' },
  updateQuote: { method: 'PATCH', path: '/api/update-devis/{id}' },
  deleteQuote: { method: 'DELETE', path: '/api/delete-devis/{id}' },
  newVersion: { method: 'POST', path: '/api/devis/{id}/nouvelle-version' },
  sendQuote: { method: 'POST', path: '/api/send-devis-email/{id}' },
  acceptQuote: { method: 'POST', path: '/api/validate-devis-client/{id}' },
  refuseQuote: { method: 'POST', path: '/api/refuser-devis-client/{id}' },
  cancelQuote: { method: 'POST', path: '/api/cancel-devis-pro/{id}' },
  withdrawQuote: { method: 'POST', path: '/api/devis/{id}/retractation' },
  validationList: { method: 'GET', path: '/api/devis/validation-architecte' },
  validateQuote: { method: 'POST', path: '/api/validate-devis-pro/{id}' },
  compareQuotes: { method: 'GET', path: '/api/devis/comparaison/{id}' },
  getSettings: { method: 'GET', path: '/api/devis/parametre' },
  saveSettings: { method: 'PATCH', path: '/api/devis/parametre' },
  uploadLogo: { method: 'POST', path: '/api/devis/parametre/logo', consumes: ['multipart/form-data'] },
  deleteLogo: { method: 'DELETE', path: '/api/devis/parametre/logo' },
  getPlatformSettings: { method: 'GET', path: '/admin/devis-option' },
  savePlatformSettings: { method: 'PATCH', path: '/admin/devis-option' },
  uploadPlatformLogo: { method: 'POST', path: '/admin/devis-option/logo', consumes: ['multipart/form-data'] },
  deletePlatformLogo: { method: 'DELETE', path: '/admin/devis-option/logo' },
  getMediator: { method: 'GET', path: '/admin/mediateur' },
  saveMediator: { method: 'PUT', path: '/admin/mediateur' },
});

export const receptionRoutes = /* @__PURE__ */ routes<typeof receptionEndpoints>({
  quoteReception: { method: 'GET', path: '/api/devis/{id}/reception' },
  recordReception: { method: 'POST', path: '/api/devis/{id}/reception' },
  reservationPhoto: { method: 'POST', path: '/api/reception/reserve/{id}/photo', consumes: ['multipart/form-data'] },
  liftReservation: { method: 'POST', path: '/api/reception/reserve/{id}/levee' },
  releaseRetention: { method: 'POST', path: '/api/reception/{id}/liberer-retenue' },
  startSigning: { method: 'POST', path: '/api/reception/{id}/signature' },
  verifySignCode: { method: 'POST', path: '/api/reception/{id}/signature/code' },
  sign: { method: 'POST', path: '/api/reception/{id}/signature/signer' },
});

export const sealVerificationRoutes = /* @__PURE__ */ routes<typeof sealVerificationEndpoints>({
  verify: { method: 'POST', path: '/api/verification-signature', public: true, consumes: ['multipart/form-data'] },
  byHash: { method: 'GET', path: '/api/verification-signature/empreinte/{sha256}', public: true },
});

export const signApiRoutes = /* @__PURE__ */ routes<typeof signApiEndpoints>({
  createDocument: { method: 'POST', path: '/api/sign-api/create-document/{id}' },
  documentsWithoutAgreement: { method: 'GET', path: '/api/sign-api/liste-document-sans-contrat' },
  storeDocumentAgreement: { method: 'POST', path: '/api/sign-api/store-document-agreement/{id}' },
  quoteSignatureStatuses: { method: 'GET', path: '/api/sign-api/status-document-devis' },
});

export const signatureRoutes = /* @__PURE__ */ routes<typeof signatureEndpoints>({
  startSigning: { method: 'POST', path: '/api/sign-devis/{id}' },
  verifySignCode: { method: 'POST', path: '/api/sign-devis/{id}/code' },
});

export const signingFlowRoutes = /* @__PURE__ */ routes<typeof signingFlowEndpoints>({
  signQuote: { method: 'POST', path: '/api/sign-devis/{id}/signature' },
  linkInfo: { method: 'GET', path: '/api/signature/{token}', public: true },
  linkRequestCode: { method: 'POST', path: '/api/signature/{token}/demande-code', public: true },
  linkVerifyCode: { method: 'POST', path: '/api/signature/{token}/code', public: true },
  linkSign: { method: 'POST', path: '/api/signature/{token}/signer', public: true },
});

export const tenderProgressRoutes = /* @__PURE__ */ routes<typeof tenderProgressEndpoints>({
  projectTenderProgress: { method: 'GET', path: '/api/project/avancement-offres/{id}' },
});

