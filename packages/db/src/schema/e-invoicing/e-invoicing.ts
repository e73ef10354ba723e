import { bigint, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { creditNotes, invoices } from '../invoices/invoices';
import { payments } from '../payments/payments';
import { users } from '../users/users';

/** E-invoicing through a plateforme agréée (migration 0046, decision 1212). */

const at = (name: string) => timestamp(name, { withTimezone: true });

export type PaMode = 'none' | 'own' | 'delegated';
export type PaAuthKind = 'oauth2' | 'bearer';
export type VatRegime = 'reel_normal' | 'reel_simplifie' | 'franchise';
export type EReportingFrequency = 'decade' | 'month' | 'bimonth';
export type EInvoiceState = 'pending' | 'submitted' | 'failed' | 'action' | 'done';

/** How an issuer reaches a PA; the secrets encrypted (AES-256-GCM), never returned. */
export const eInvoicingSettings = pgTable('e_invoicing_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  paMode: text('pa_mode').$type<PaMode>().notNull().default('none'),
  baseUrl: text('base_url'),
  authKind: text('auth_kind').$type<PaAuthKind>(),
  tokenUrl: text('token_url'),
  clientId: text('client_id'),
  scope: text('scope'),
  secretEncrypted: text('secret_encrypted'),
  organizationId: text('organization_id'),
  webhookSecretEncrypted: text('webhook_secret_encrypted'),
  vatRegime: text('vat_regime').$type<VatRegime>().notNull().default('reel_normal'),
  eReportingPeriod: text('e_reporting_period').$type<EReportingFrequency>().notNull().default('month'),
  lifecycleCursor: at('lifecycle_cursor'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** What lifecycle messages about a document repeat, frozen at its issue. */
export interface EInvoiceDocumentFacts {
  issueDate?: string;
  sellerSiren?: string | null;
  buyerSiren?: string | null;
  buyerRoutingAddress?: string | null;
  /** UNTDID 1001: 380, 381, 386. */
  typeCode?: string;
  /** TTC per TVA rate (basis points → cents), to split an amount received by rate. */
  ttcByRate?: Array<{ rateBp: number; ttcCents: number }>;
}

/** One invoice or credit note sent through the issuer's PA. */
export const eInvoiceSubmissions = pgTable(
  'e_invoice_submissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    issuerId: integer('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    creditNoteId: integer('credit_note_id').references(() => creditNotes.id, { onDelete: 'restrict' }),
    documentNumber: text('document_number').notNull(),
    documentFacts: jsonb('document_facts').$type<EInvoiceDocumentFacts>().notNull().default({}),
    state: text('state').$type<EInvoiceState>().notNull().default('pending'),
    flowId: text('flow_id'),
    lastCode: integer('last_code'),
    lastError: text('last_error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('e_invoice_submissions_invoice_id_key').on(t.invoiceId),
    unique('e_invoice_submissions_credit_note_id_key').on(t.creditNoteId),
    unique('e_invoice_submissions_issuer_flow_key').on(t.issuerId, t.flowId),
    index('e_invoice_submissions_issuer_idx').on(t.issuerId, t.state),
  ],
);

/** A lifecycle status as the PA reported it, applied once per (flow, message). */
export const eInvoiceEvents = pgTable(
  'e_invoice_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Whose PA reported it: flow ids are unique within one PA account only. */
    issuerId: integer('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    submissionId: integer('submission_id').references(() => eInvoiceSubmissions.id, { onDelete: 'restrict' }),
    flowId: text('flow_id').notNull(),
    messageId: text('message_id').notNull(),
    code: integer('code').notNull(),
    at: at('at').notNull(),
    reason: text('reason'),
    source: text('source').$type<'search' | 'webhook'>().notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [
    unique('e_invoice_events_issuer_flow_message_key').on(t.issuerId, t.flowId, t.messageId),
    index('e_invoice_events_submission_idx').on(t.submissionId, t.at),
  ],
);

/** « Encaissée » (CDAR 212) sent back once per confirmed payment of an e-invoiced invoice. */
export const eInvoicePaymentStatuses = pgTable('e_invoice_payment_statuses', {
  paymentId: integer('payment_id')
    .primaryKey()
    .references(() => payments.id, { onDelete: 'restrict' }),
  submissionId: integer('submission_id')
    .notNull()
    .references(() => eInvoiceSubmissions.id, { onDelete: 'restrict' }),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  state: text('state').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
  flowId: text('flow_id'),
  lastError: text('last_error'),
  attempts: integer('attempts').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
  sentAt: at('sent_at'),
});

export type EInvoicingSettingsRow = typeof eInvoicingSettings.$inferSelect;
export type EInvoiceSubmissionRow = typeof eInvoiceSubmissions.$inferSelect;
export type EInvoiceEventRow = typeof eInvoiceEvents.$inferSelect;
export type EInvoicePaymentStatusRow = typeof eInvoicePaymentStatuses.$inferSelect;
