import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users';

/** Counters of document numbers per (issuer, series, Paris year) — migration 0007, decision 0402. */
export const documentCounters = pgTable(
  'document_counters',
  {
    issuerId: integer('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** 'devis', 'facture', 'avoir'. */
    series: text('series').notNull(),
    year: integer('year').notNull(),
    /** The last number given in this series and year. */
    lastNumber: integer('last_number').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuerId, t.series, t.year] })],
);
export type DocumentCounterRow = typeof documentCounters.$inferSelect;
