import { LocalEInvoicingPlatform } from './local';
import type { EInvoicingPlatform } from './types';

export * from './types';
export { LocalEInvoicingPlatform } from './local';

/** The local platform: no plateforme agréée is configured yet (decision 0710). */
export function createEInvoicingPlatform(): EInvoicingPlatform {
  return new LocalEInvoicingPlatform();
}
