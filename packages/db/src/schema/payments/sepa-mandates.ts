import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { quotes } from '../quotes/quotes';
import { users } from '../users/users';

/** SEPA direct debit mandates, one active per contract (migration 0053, decision 1223). */

const at = (name: string) => timestamp(name, { withTimezone: true });

export type SepaMandateStatus = 'active' | 'revoked';

export const sepaMandates = pgTable(
  'sepa_mandates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'restrict' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    issuerId: integer('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    reference: text('reference').notNull().unique('sepa_mandates_reference_key'),
    status: text('status').$type<SepaMandateStatus>().notNull(),
    holderName: text('holder_name').notNull(),
    ibanLast4: text('iban_last4').notNull(),
    bankCountry: text('bank_country').notNull(),
    providerMandateId: text('provider_mandate_id'),
    providerCustomerId: text('provider_customer_id'),
    providerPaymentMethodId: text('provider_payment_method_id'),
    acceptedAt: at('accepted_at').notNull(),
    revokedAt: at('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    unique('sepa_mandates_provider_provider_mandate_id_key').on(t.provider, t.providerMandateId),
    uniqueIndex('sepa_mandates_active_quote_key')
      .on(t.quoteId)
      .where(sql`status = 'active'`),
  ],
);

export type SepaMandateRow = typeof sepaMandates.$inferSelect;
export type SepaMandateInsert = typeof sepaMandates.$inferInsert;
