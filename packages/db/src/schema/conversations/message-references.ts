import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { MessageReferenceKind } from '@ouvrage/domain';
import { messages } from './conversations';

/**
 * The document a message points to (migration 0060, decision 1230 « References »): at most one per
 * message, a quote, an invoice or an avenant of the conversation's project, by kind and id (no
 * foreign key: the kind names the table, owned by another module).
 */
export const messageReferences = pgTable('message_references', {
  messageId: bigint('message_id', { mode: 'number' })
    .primaryKey()
    .references(() => messages.id, { onDelete: 'restrict' }),
  kind: text('kind').$type<MessageReferenceKind>().notNull(),
  documentId: integer('document_id').notNull(),
});

export type MessageReferenceRow = typeof messageReferences.$inferSelect;
