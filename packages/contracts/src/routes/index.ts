import { permissionKey, type PermissionTable } from '@ouvrage/domain';
import type { RouteLine } from '../route-lines';
import { accountingLines } from './accounting';
import { acrobatSignLines } from './acrobat-sign';
import { activityLines } from './activity';
import { adminDashboardLines } from './admin-dashboard';
import { authLines } from './auth';
import { avenantLines } from './avenants';
import { bankTransferLines } from './bank-transfers';
import { catalogLines } from './catalog';
import { dashboardLines } from './dashboard';
import { dgdLines } from './dgd';
import { conversationLines, conversationModerationLines } from './conversations';
import { siteLogLines } from './site-log';
import { priceReferenceLines } from './price-references';
import { dataExportLines } from './data-export';
import { documentLinkLines } from './document-links';
import { documentLines } from './documents';
import { eReportingLines } from './e-reporting';
import { eInvoicingLines } from './e-invoicing';
import { foundationLines } from './foundation';
import { geoLines } from './geo';
import { invoiceLines } from './invoices';
import { jobLines } from './jobs';
import { notificationLines } from './notifications';
import { outboxLines } from './outbox';
import { paymentLines } from './payments';
import { paymentScheduleLines } from './payment-schedule';
import { contractLifeLines } from './contract-life';
import { platformLines } from './platform';
import { productLines } from './products';
import { professionalLines } from './professionals';
import { projectLines } from './projects';
import { quoteLines } from './quotes';
import { receptionLines } from './reception';
import { sealVerificationLines } from './seal-verification';
import { signApiLines } from './sign-api';
import { signatureLines } from './signature';
import { tenderLines } from './tenders';
import { userLines } from './users';

export * from './accounting';
export * from './acrobat-sign';
export * from './activity';
export * from './admin-dashboard';
export * from './auth';
export * from './avenants';
export * from './bank-transfers';
export * from './catalog';
export * from './dashboard';
export * from './dgd';
export * from './conversations';
export * from './site-log';
export * from './price-references';
export * from './data-export';
export * from './document-links';
export * from './documents';
export * from './e-reporting';
export * from './e-invoicing';
export * from './foundation';
export * from './geo';
export * from './invoices';
export * from './jobs';
export * from './notifications';
export * from './outbox';
export * from './payments';
export * from './payment-schedule';
export * from './contract-life';
export * from './platform';
export * from './products';
export * from './professionals';
export * from './projects';
export * from './quotes';
export * from './reception';
export * from './seal-verification';
export * from './sign-api';
export * from './signature';
export * from './tenders';
export * from './users';

/** Every module's lines: a new module adds its own here. */
export const allRouteLines: readonly Readonly<Record<string, RouteLine>>[] = [
  foundationLines,
  outboxLines,
  authLines,
  catalogLines,
  projectLines,
  geoLines,
  professionalLines,
  userLines,
  tenderLines,
  jobLines,
  productLines,
  quoteLines,
  documentLinkLines,
  sealVerificationLines,
  signatureLines,
  documentLines,
  acrobatSignLines,
  signApiLines,
  invoiceLines,
  accountingLines,
  eReportingLines,
  eInvoicingLines,
  bankTransferLines,
  paymentLines,
  paymentScheduleLines,
  contractLifeLines,
  receptionLines,
  avenantLines,
  dgdLines,
  conversationLines,
  conversationModerationLines,
  siteLogLines,
  priceReferenceLines,
  dataExportLines,
  adminDashboardLines,
  notificationLines,
  activityLines,
  platformLines,
  dashboardLines,
];

export function permissionTableOf(groups: readonly Readonly<Record<string, RouteLine>>[]): PermissionTable {
  const table: PermissionTable = {};
  for (const lines of groups) {
    for (const line of Object.values(lines)) {
      const key = permissionKey(line.method, line.path);
      if (table[key]) throw new Error(`Route déclarée deux fois : ${key}`);
      table[key] = line.access;
    }
  }
  return table;
}

/**
 * The shared permission table, built from the route lines: every API route has exactly one row.
 * The API refuses to start when a route has no row, and the permission matrix test walks every
 * route of the OpenAPI document against it.
 */
export const routePermissions: PermissionTable = /* @__PURE__ */ permissionTableOf(allRouteLines);
