/** The invoices module's public entry (docs/decisions/0450, 0700). */
export { invoiceRoutes } from './routes';
