import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Facts about the database itself (migration 0001), written by the demo seed of this package
 * (`demo_seeded_at`); no API module reads it.
 */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
