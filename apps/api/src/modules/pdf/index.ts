/**
 * The PDF module's public entry (docs/decisions/0520): documents rendered with pdfkit and embedded
 * DejaVu fonts. Quotes now; invoices will reuse the layout, fonts and annexes.
 */
export { renderQuotePdf, renderQuotePdfWithBox, type QuotePdfInput } from './render-quote';
export { renderInvoicePdf, type InvoicePdfInput } from './render-invoice';
export { renderReceptionPdf, type ReceptionPdfInput } from './render-reception';
export { renderAvenantPdf, type AvenantPdfInput } from './render-avenant';
export { renderDgdPdf, type DgdPdfInput } from './render-dgd';
export { renderCreditNotePdf, type CreditNotePdfInput } from './render-credit-note';
export { renderSiteLogPdf, type SiteLogPdfEntry, type SiteLogPdfInput, type SiteLogPdfPerson } from './render-site-log';
export { creditNoteFacturX, invoiceFacturX } from './facturx-documents';
export { facturXml, FACTURX_FILE_NAME } from './facturx-xml';
export { createDocument, CONTENT_WIDTH, type Doc, ensureSpace, finish, MARGIN, MUTED, paragraph, style } from './layout';
export { FONT } from './fonts';
export { xmlDocument, type XmlElement } from './xml';
