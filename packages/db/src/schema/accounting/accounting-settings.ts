import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users';

/** The account numbers of an issuer's FEC (migration 0045, decision 1210); no row: the defaults. */
export const accountingSettings = pgTable('accounting_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  clientsAccount: text('clients_account').notNull(),
  depositsAccount: text('deposits_account').notNull(),
  retentionAccount: text('retention_account').notNull(),
  revenueAccount: text('revenue_account').notNull(),
  bankAccount: text('bank_account').notNull(),
  vatWaitingAccount: text('vat_waiting_account').notNull(),
  vat2000Account: text('vat_2000_account').notNull(),
  vat1000Account: text('vat_1000_account').notNull(),
  vat550Account: text('vat_550_account').notNull(),
  /** The month whose last day closes the fiscal year (migration 0051; CHECK 1–12 there). */
  fiscalYearEndMonth: integer('fiscal_year_end_month').notNull().default(12),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AccountingSettingsRow = typeof accountingSettings.$inferSelect;
