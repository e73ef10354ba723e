import { bigint, boolean, date, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { InvoiceKind } from '@ouvrage/domain';
import { projects } from '../projects/projects';
import { quotes } from '../quotes/quotes';
import { users } from '../users/users';

/** Invoices and credit notes (migration 0018, decisions 0700–0705). Amounts in cents. */

const money = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/** A TVA rate's share of an invoice or a credit note. */
export interface StoredRateAmount {
  rate_bp: number;
  base_cents: number;
  tva_cents: number;
}

export const invoiceSettings = pgTable('invoice_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  iban: text('iban'),
  bic: text('bic'),
  tvaOnDebits: boolean('tva_on_debits').notNull().default(false),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull(),
    issuerId: integer('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    title: text('title').notNull(),
    situationIndex: integer('situation_index'),
    issuedAt: at('issued_at').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    totalHtCents: money('total_ht_cents').notNull(),
    totalTvaCents: money('total_tva_cents').notNull(),
    totalTtcCents: money('total_ttc_cents').notNull(),
    retentionCents: money('retention_cents').notNull().default(0),
    byRate: jsonb('by_rate').$type<StoredRateAmount[]>().notNull(),
    progressBp: jsonb('progress_bp').$type<number[] | null>(),
    /** Everything printed, frozen at issue (the contract's `InvoiceDocument` shape). */
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    paidCents: money('paid_cents').notNull().default(0),
    creditedCents: money('credited_cents').notNull().default(0),
    /** Refunds recorded after a credit note on a paid invoice (migration 0041, decision 1062). */
    refundedCents: money('refunded_cents').notNull().default(0),
    /** The day the retenue de garantie was released (migration 0021, decision 0721); null while withheld. */
    retentionReleasedOn: date('retention_released_on', { mode: 'string' }),
    searchText: text('search_text').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [unique('invoices_issuer_id_number_key').on(t.issuerId, t.number)],
);

export const creditNotes = pgTable(
  'credit_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    issuerId: integer('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    issuedAt: at('issued_at').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    totalHtCents: money('total_ht_cents').notNull(),
    totalTvaCents: money('total_tva_cents').notNull(),
    totalTtcCents: money('total_ttc_cents').notNull(),
    byRate: jsonb('by_rate').$type<StoredRateAmount[]>().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [unique('credit_notes_issuer_id_number_key').on(t.issuerId, t.number)],
);

/** A refund the issuer made of what a credit note left overpaid (migration 0041, decision 1062). */
export const invoiceRefunds = pgTable('invoice_refunds', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  invoiceId: integer('invoice_id')
    .notNull()
    .references(() => invoices.id, { onDelete: 'restrict' }),
  amountCents: money('amount_cents').notNull(),
  refundedOn: date('refunded_on', { mode: 'string' }).notNull(),
  recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'restrict' }),
  recordedAt: at('recorded_at').notNull().defaultNow(),
});

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceRefundRow = typeof invoiceRefunds.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type InvoiceSettingsRow = typeof invoiceSettings.$inferSelect;
