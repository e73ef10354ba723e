/**
 * What other features may use from reception (docs/decisions/0450, 0720–0721): the invoice page's
 * réception and retenue section, and the quote page's link to the réception.
 */
export { InvoiceReception } from './components/invoice-reception';
export { ReceptionLink } from './components/reception-link';
