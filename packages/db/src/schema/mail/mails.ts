import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A document a queued mail carries, produced at delivery by the resolver registered for `kind`. */
export interface MailAttachmentRef {
  kind: string;
  ref: string;
}

export const mails = pgTable('mails', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  attachments: jsonb('attachments').$type<MailAttachmentRef[] | null>(),
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
export type MailRow = typeof mails.$inferSelect;
