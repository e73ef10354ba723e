import { date, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/** Late-payment rates between professionals by half-year (migration 0040, decision 1051). Rates in basis points. */
export const latePaymentRates = pgTable('late_payment_rates', {
  /** `YYYY-01-01` or `YYYY-07-01`. */
  halfYearStart: date('half_year_start', { mode: 'string' }).primaryKey(),
  /** The ECB main refinancing rate in force on the half-year's first day. */
  ecbRateBp: integer('ecb_rate_bp').notNull(),
  /** The legal interest rate « pour tous les autres cas » (creditors acting for their business). */
  legalRateBp: integer('legal_rate_bp').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
