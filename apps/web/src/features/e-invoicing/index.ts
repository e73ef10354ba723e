/** What other features may use from e-invoicing (decision 1212): the invoice's status and history on its page. */
export { InvoiceEInvoicing } from './components/invoice-e-invoicing';
export { EInvoicingSettingsCard } from './components/e-invoicing-settings-card';
export { EInvoicingAwaiting } from './components/e-invoicing-awaiting';
export { EInvoicingConnectionsCard } from './components/e-invoicing-connections-card';
