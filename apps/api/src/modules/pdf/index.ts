/**
 * The PDF module's public entry (docs/decisions/0520): documents rendered with pdfkit and embedded
 * DejaVu fonts. Quotes now; invoices will reuse the layout, fonts and annexes.
 */
export { renderQuotePdf, renderQuotePdfWithBox, type QuotePdfInput } from './render-quote';
export { renderInvoicePdf, type InvoicePdfInput } from './render-invoice';
export { createDocument, CONTENT_WIDTH, type Doc, ensureSpace, finish, MARGIN, MUTED, paragraph, style } from './layout';
export { FONT } from './fonts';
