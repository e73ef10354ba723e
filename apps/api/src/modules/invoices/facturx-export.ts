import type { Caller } from '@ouvrage/domain';
import type { EInvoiceReceipt, EInvoiceSubmission, EInvoicingPlatform } from '../../adapters/e-invoicing';
import type { AppDeps } from '../../lib/deps';
import { facturXml, invoiceFacturX, renderInvoicePdf } from '../pdf';
import { getInvoice } from './list-invoices';

/** An invoice's Factur-X pair: the CII XML and the PDF/A-3 that carries it (decision 0710). */
export async function invoiceFacturXFiles(deps: AppDeps, id: number, caller: Caller): Promise<EInvoiceSubmission> {
  const invoice = await getInvoice(deps, caller, id);
  return { number: invoice.number, invoiceXml: facturXml(invoiceFacturX(invoice)), pdf: await renderInvoicePdf({ invoice, generatedAt: deps.clock.now() }) };
}

/** The one call the e-invoicing reform needs once the issuer has a plateforme agréée. */
export async function submitInvoice(deps: AppDeps, platform: EInvoicingPlatform, id: number, caller: Caller): Promise<EInvoiceReceipt> {
  return platform.submit(await invoiceFacturXFiles(deps, id, caller));
}
