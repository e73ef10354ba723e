import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The consumer mediator the platform names on consumer quotes (migration 0039, C. conso. L616-1): one row at most (id 1). */
export const consumerMediator = pgTable('consumer_mediator', {
  id: integer('id').primaryKey().default(1),
  name: text('name').notNull(),
  website: text('website').notNull(),
  address: text('address'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ConsumerMediatorRow = typeof consumerMediator.$inferSelect;
