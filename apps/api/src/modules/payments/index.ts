/** The payments module's public entry (docs/decisions/0450, 0730). */
export { paymentRoutes } from './routes';
export { confirmPayment, type Confirmation } from './confirm-payment';
export { payLinkFor, payLinkUrl, type PayLink } from './pay-links';
export { projectActivity as paymentActivity } from './project-activity';
export { receivedByMonth } from './admin-figures';
export { receivedPerMonth } from './dashboard-repository';
export { confirmedPaymentsOf, type AccountingPayment } from './accounting-repository';
export { paymentsOfInvoice } from './payment-views';
export { announceSepaDebit, settleSimulatedDebits, submitSepaDebit, SEPA_DEBIT_JOB } from './sepa-debits';
