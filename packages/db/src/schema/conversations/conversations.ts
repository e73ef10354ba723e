import { bigint, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { projects } from '../projects/projects';
import { users } from '../users/users';

/** Conversations inside a project, their members and their messages (migration 0054, decision 1230). */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** One per project and per pair of members (`member_low` < `member_high`). */
export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    memberLow: integer('member_low')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    memberHigh: integer('member_high')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [unique().on(t.projectId, t.memberLow, t.memberHigh)],
);

/** Text messages; a deleted one keeps its row, its body emptied. */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'restrict' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull(),
    editedAt: at('edited_at'),
    deletedAt: at('deleted_at'),
    /** Hidden by the moderation (migration 0057): the members see a notice instead of its text and files. */
    hiddenAt: at('hidden_at'),
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'restrict' }),
    hiddenReason: text('hidden_reason'),
  },
  (t) => [index('messages_conversation_id_idx').on(t.conversationId, t.id), index('messages_author_created_idx').on(t.authorId, t.createdAt)],
);

/**
 * A message's attachments (migration 0056): images stored re-encoded without metadata (their size
 * in pixels known), PDF stored as sent; 1..5 in the message.
 */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'restrict' }),
    /** In `deps.storage`. */
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The name as sent (cleaned, 200 characters at most), offered on download. */
    originalName: text('original_name').notNull(),
    width: integer('width'),
    height: integer('height'),
    position: integer('position').notNull(),
  },
  (t) => [unique().on(t.messageId, t.position)],
);

/** The two members of a conversation and how far each has read. */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'restrict' }),
    lastReadAt: at('last_read_at'),
    /** The last message an « unread messages » e-mail told this member of (each is mailed once). */
    mailedUpToMessageId: bigint('mailed_up_to_message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'restrict' }),
    /** The moderation suspended this member's writing here (migration 0057): they read, they no longer write. */
    writingSuspendedAt: at('writing_suspended_at'),
    writingSuspendedBy: integer('writing_suspended_by').references(() => users.id, { onDelete: 'restrict' }),
    writingSuspendedReason: text('writing_suspended_reason'),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_members_user_idx').on(t.userId)],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type ConversationMemberRow = typeof conversationMembers.$inferSelect;
export type MessageAttachmentRow = typeof messageAttachments.$inferSelect;
