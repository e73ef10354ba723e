/**
 * What other features may use from bank transfers (docs/decisions/0450, 0731): the invoice page's
 * transfer panel and the invoice list's link to the bank details settings.
 */
export { TransferPanel } from './components/transfer-panel';
export { InvoiceSettingsLink } from './components/invoice-settings-link';
