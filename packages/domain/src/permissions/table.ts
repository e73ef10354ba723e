import { foundationPermissions } from './foundation';
import { catalogPermissions } from './catalog';
import { projectPermissions } from './projects';
import { geoPermissions } from './geo';
import { professionalPermissions } from './professionals';
import { userPermissions } from './users';
import { tenderPermissions } from './tenders';
import { jobPermissions } from './jobs';
import { productPermissions } from './products';
import { quotePermissions } from './quotes';
import { documentLinkPermissions } from './document-links';
import { sealVerificationPermissions } from './seal-verification';
import { signaturePermissions } from './signature';
import { documentPermissions } from './documents';
import { acrobatSignPermissions } from './acrobat-sign';
import { signApiPermissions } from './sign-api';
import { invoicePermissions } from './invoices';
import { receptionPermissions } from './reception';
import { paymentPermissions } from './payments';
import { bankTransferPermissions } from './bank-transfers';
import { adminDashboardPermissions } from './admin-dashboard';
import { notificationPermissions } from './notifications';
import { activityPermissions } from './activity';
import { dashboardPermissions } from './dashboard';
import { platformPermissions } from './platform';
import type { PermissionTable } from './types';

/**
 * The shared permission table: every API route has exactly one row.
 * The API refuses to start when a route has no row, and the permission
 * test walks every route of the OpenAPI document against it.
 * Each module adds its rows in its own file and spreads them here.
 */
export const routePermissions: PermissionTable = {
  ...foundationPermissions,
  ...catalogPermissions,
  ...projectPermissions,
  ...geoPermissions,
  ...professionalPermissions,
  ...userPermissions,
  ...tenderPermissions,
  ...jobPermissions,
  ...productPermissions,
  ...quotePermissions,
  ...documentLinkPermissions,
  ...sealVerificationPermissions,
  ...signaturePermissions,
  ...documentPermissions,
  ...acrobatSignPermissions,
  ...signApiPermissions,
  ...invoicePermissions,
  ...bankTransferPermissions,
  ...paymentPermissions,
  ...receptionPermissions,
  ...adminDashboardPermissions,
  ...notificationPermissions,
  ...activityPermissions,
  ...platformPermissions,
  ...dashboardPermissions,
};

/** `GET /api/project/:id` → `GET /api/project/{id}` */
export function permissionKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
}
