import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { invoices } from '../invoices/invoices';
import { users } from '../users/users';
import { sepaMandates } from './sepa-mandates';

/** Payments of invoices and the provider events applied (migration 0019, decision 0730). */

const at = (name: string) => timestamp(name, { withTimezone: true });

export type PaymentMethod = 'carte' | 'virement' | 'prelevement';
export type StoredPaymentStatus = 'en_attente' | 'confirme' | 'echoue' | 'annule';

export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    issuerId: integer('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    method: text('method').$type<PaymentMethod>().notNull(),
    status: text('status').$type<StoredPaymentStatus>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    provider: text('provider'),
    checkoutId: text('checkout_id'),
    reference: text('reference'),
    failureReason: text('failure_reason'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'restrict' }),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: at('created_at').notNull(),
    confirmedAt: at('confirmed_at'),
    // SEPA direct debit (migration 0053, decision 1223): the mandate, the day announced, when handed to the bank.
    mandateId: integer('mandate_id').references(() => sepaMandates.id, { onDelete: 'restrict' }),
    debitOn: date('debit_on', { mode: 'string' }),
    submittedAt: at('submitted_at'),
  },
  (t) => [
    unique('payments_provider_checkout_id_key').on(t.provider, t.checkoutId),
    index('payments_mandate_idx')
      .on(t.mandateId)
      .where(sql`mandate_id IS NOT NULL`),
  ],
);

export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    receivedAt: at('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentInsert = typeof payments.$inferInsert;
