import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A change of e-mail waiting for the link sent to the new address (migration 0004, decision 0208). */
export const emailChangeRequests = pgTable('email_change_requests', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
