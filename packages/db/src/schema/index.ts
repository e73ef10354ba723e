/**
 * The tables, one folder per owning API module (decision 1190): the module of `apps/api/src/modules/`
 * named like the folder writes these tables and is the only one to read them directly; other
 * modules call its `index.ts`. `apps/api/test/table-ownership.test.ts` checks it. Each table is
 * created by the SQL migrations in ../../migrations (`packages/db/test/schema-matches-migrations.test.ts`
 * checks they agree). Foreign keys may name another folder's table: they are the database's
 * integrity, not a module's read.
 */

// auth — sessions and password links
export * from './auth/sessions';
// users — accounts
export * from './users/users';
export * from './users/email-change-requests';
// professionals — trades, companies, profiles, zones, marketing leads
export * from './professionals/professionals';
// catalog — categories and goods
export * from './catalog/catalog';
// projects
export * from './projects/projects';
// tenders
export * from './tenders/offers';
// products
export * from './products/products';
// quotes — with the consumer mediator and the expiry reminders
export * from './quotes/quotes';
export * from './quotes/consumer-mediator';
export * from './quotes/quote-expiry-reminders';
// avenants — change orders on a validated quote
export * from './avenants/avenants';
// dgd — the final account (décompte général définitif) of a contract
export * from './dgd/dgds';
// conversations — a project's conversations, their members and messages
export * from './conversations/conversations';
export * from './conversations/moderation';
export * from './conversations/message-references';
// site-log — the journal de chantier: entries, their photos and comments
export * from './site-log/site-log';
export * from './site-log/citations';
// signature — signing sessions and signature documents
export * from './signature/signatures';
export * from './signature/signature-documents';
// acrobat-sign
export * from './acrobat-sign/acrobat-sign';
// originals — stored originals of issued documents
export * from './originals/document-originals';
// invoices — with credit notes, refunds, late-payment rates and payment reminders
export * from './invoices/invoices';
export * from './invoices/late-payment-rates';
export * from './invoices/invoice-reminders';
// payments — with bank transfers and statements, and SEPA mandates
export * from './payments/payments';
export * from './payments/bank-statements';
export * from './payments/sepa-mandates';
// accounting — the account numbers of the FEC export
export * from './accounting/accounting-settings';
// e-invoicing — PA settings, submissions, lifecycle events, payment statuses sent back
export * from './e-invoicing/e-invoicing';
// e-reporting — the consumer sales' reports
export * from './e-reporting/e-reports';
// payment-schedule — the échéancier signed with the quote and its milestones
export * from './payment-schedule/payment-schedules';
// reception
export * from './reception/reception';
// notifications
export * from './notifications/notifications';
// mail — the outbox
export * from './mail/mails';
// jobs
export * from './jobs/jobs';
// price-references — aggregated unit prices per normalised line, zone and period
export * from './price-references/price-references';
// numbering
export * from './numbering/numbering';
// seed — this package's demo seed only, no API module
export * from './seed/app-meta';
