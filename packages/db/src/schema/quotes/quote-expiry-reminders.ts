import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { quotes } from './quotes';

/** The one reminder a client gets before a sent quote expires (migration 0022, decision 0802). */
export const quoteExpiryReminders = pgTable('quote_expiry_reminders', {
  quoteId: integer('quote_id')
    .primaryKey()
    .references(() => quotes.id, { onDelete: 'cascade' }),
  remindedAt: timestamp('reminded_at', { withTimezone: true }).notNull(),
});
