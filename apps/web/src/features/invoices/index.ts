/** What other features may use from invoices (docs/decisions/0450): the quote page's « Émettre une facture ». */
export { IssueInvoiceButton } from './components/issue-invoice-button';
/** The admin's late-payment rates by half-year (decision 1051), on the platform settings screen. */
export { LatePaymentRatesCard } from './components/late-payment-rates-card';
/** An invoice's status as a badge (a document card in a conversation, decision 1230 « References »). */
export { InvoiceStatusBadge } from './components/invoice-status-badge';
