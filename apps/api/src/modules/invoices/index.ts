/** The invoices module's public entry (docs/decisions/0450, 0700). */
export { invoiceRoutes } from './routes';
export { addPaymentToInvoice, invoicePaymentFacts, lockInvoiceForPayment, type InvoicePaymentFacts } from './invoice-payments';
export { quoteRetention, releaseQuoteRetention, type QuoteRetention } from './retention-release';
export { invoiceTransferFacts, openInvoicesLeftIn, type InvoiceTransferFacts } from './transfer-facts';
export { INVOICE_REMINDER_JOB, sendInvoiceReminders } from './invoice-reminders';
export { projectActivity as invoiceActivity } from './project-activity';
export { invoicedByMonth } from './admin-figures';
export { invoicedPerMonth, invoicesToPay, overdueInvoicesOf, retentionWithheldByQuote } from './dashboard-repository';
export { accountingRecordsOf, type AccountingCreditNote, type AccountingInvoice, type AccountingRefund } from './accounting-repository';
export { getSettings as invoiceSettingsOf } from './settings';
export { issueInvoice, priorInvoices, type InvoiceIssuedInTransaction } from './issue-invoice';
export { consumerIssuersSince, consumerSalesOf, type ConsumerSales } from './consumer-sales';
export { registerInvoicingClosure, type InvoicingClosure } from './invoicing-closures';
export { quoteAccountFacts } from './quote-account';
export { invoiceCards, type InvoiceCard } from './document-cards';
