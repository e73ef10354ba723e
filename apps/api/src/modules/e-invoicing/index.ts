import './pa-client-dep';
/**
 * The e-invoicing module's public entry (issue 37 §1, decision 1212): invoices sent through each
 * architect's plateforme agréée, their lifecycle brought back, « Encaissée » sent on payment.
 */
import type { PaClient } from '../../adapters/e-invoicing/pa-client';
import type { AppDeps } from '../../lib/deps';

export { eInvoicingRoutes } from './routes';
export { issuerPaConnection, issuerEInvoicingSettings, type IssuerEInvoicingFacts } from './settings';
export { queueInvoiceSubmission, queueCreditNoteSubmission } from './submission';
export { queuePaidStatus } from './payment-status';
export { buyerRoutingAddress } from './directory';
export { eInvoicingStatesOf } from './states';
export { connectDemoIssuer, DEMO_PA_ISSUER } from './demo-connection';

/** The PA client of the app (the AFNOR HTTP client; tests put a fake's): the e-reporting module sends its flows with it. */
export function paClientOf(deps: AppDeps): PaClient {
  return deps.paClient;
}
