import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { invoices } from './invoices';

/** The payment reminders sent for an invoice, one per step (migration 0021, decision 0722). */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.step] })],
);
