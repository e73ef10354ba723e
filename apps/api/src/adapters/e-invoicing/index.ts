import { LocalEInvoicingPlatform } from './local';
import type { EInvoicingPlatform } from './types';

export * from './types';
export { LocalEInvoicingPlatform } from './local';

/** The local platform: no plateforme agréée is configured yet (decision 0710). */
export function createEInvoicingPlatform(): EInvoicingPlatform {
  return new LocalEInvoicingPlatform();
}
export * from './pa-client';
export { createAfnorPaClient, type AfnorClientOptions } from './afnor-client';
export { lifecycleEventOf, PA_SIGNATURE_HEADER, parsePaWebhook, signPaWebhook, verifyPaWebhook } from './webhook';
export * from './fake-pa';
