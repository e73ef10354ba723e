/** What other features may use from payments (docs/decisions/0450, 0730): the invoice page's card payment panel. */
export { CardPaymentPanel } from './components/card-payment-panel';
