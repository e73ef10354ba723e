/**
 * A plateforme agréée (PA, ex-PDP) of the French e-invoicing reform (decision 0710): businesses
 * receive e-invoices from 1 September 2026 and small ones issue them from 1 September 2027. The
 * platform sends each Factur-X invoice through the issuer's PA once one is chosen; until then only
 * the local implementation exists, and no provider is wired.
 */
export interface EInvoiceSubmission {
  /** The invoice or credit note number (F-2026-0001, AV-2026-0001). */
  number: string;
  /** The CII XML (factur-x.xml), EN 16931. */
  invoiceXml: string;
  /** The Factur-X PDF/A-3 carrying the same XML. */
  pdf: Buffer;
}

export interface EInvoiceReceipt {
  /** The platform's identifier for the deposit. */
  platformId: string;
  /** `deposited`: accepted for delivery; a real PA later reports the lifecycle statuses (reçue, rejetée, encaissée…). */
  status: 'deposited';
  at: Date;
}

export interface EInvoicingPlatform {
  readonly name: string;
  submit(submission: EInvoiceSubmission): Promise<EInvoiceReceipt>;
}
