import type { Caller } from '@ouvrage/domain';
import type { EInvoiceReceipt, EInvoiceSubmission, EInvoicingPlatform } from '../../adapters/e-invoicing';
import type { AppDeps } from '../../lib/deps';
import { embeddedFacturXml } from './embedded-xml';
import { invoicePdf } from './invoice-pdf';

/**
 * An invoice's Factur-X pair (decision 0710): its stored original, the PDF/A-3 as issued, and the CII
 * XML that original carries — both of the same issue, never rebuilt (decision 1021).
 */
export async function invoiceFacturXFiles(deps: AppDeps, id: number, caller: Caller): Promise<EInvoiceSubmission> {
  const { bytes, number } = await invoicePdf(deps, id, caller);
  return { number, invoiceXml: await embeddedFacturXml(bytes), pdf: bytes };
}

/** The one call the e-invoicing reform needs once the issuer has a plateforme agréée. */
export async function submitInvoice(deps: AppDeps, platform: EInvoicingPlatform, id: number, caller: Caller): Promise<EInvoiceReceipt> {
  return platform.submit(await invoiceFacturXFiles(deps, id, caller));
}
