/** What other features may use from invoices (docs/decisions/0450): the quote page's « Émettre une facture ». */
export { IssueInvoiceButton } from './components/issue-invoice-button';
