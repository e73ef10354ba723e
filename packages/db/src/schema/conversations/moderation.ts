import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users';
import { conversations, messages } from './conversations';

/** Reports of messages and « who read what » (migration 0057, decision 1230 « Reports and moderation »). */

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A member's report of a message of the other member; one open per message and reporter (a partial
 * unique index the migration makes), closed by the admin as handled or dismissed.
 */
export const conversationReports = pgTable(
  'conversation_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'restrict' }),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'restrict' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** `abusive`, `spam_fraud`, `personal_data`, `other` (`REPORT_REASONS`). */
    reason: text('reason').notNull(),
    details: text('details'),
    /** `open`, `handled`, `dismissed` (`REPORT_STATUSES`). */
    status: text('status').notNull().default('open'),
    createdAt: at('created_at').notNull(),
    closedAt: at('closed_at'),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [index('conversation_reports_conversation_idx').on(t.conversationId)],
);

/** One row each time a member's read mark moves forward: up to which message, and when. */
export const conversationReadLog = pgTable(
  'conversation_read_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'restrict' }),
    readAt: at('read_at').notNull(),
  },
  (t) => [index('conversation_read_log_conversation_idx').on(t.conversationId, t.id)],
);

export type ConversationReportRow = typeof conversationReports.$inferSelect;
export type ConversationReadLogRow = typeof conversationReadLog.$inferSelect;
