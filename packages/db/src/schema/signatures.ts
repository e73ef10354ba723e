import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { SigningSessionStatus } from '@ouvrage/domain';
import { quotes } from './quotes';
import { users } from './users';

/** The signer's e-mail code (migration 0012, decisions 0620–0624). */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const signingSessions = pgTable('signing_sessions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  quoteId: integer('quote_id')
    .notNull()
    .unique()
    .references(() => quotes.id, { onDelete: 'restrict' }),
  signerId: integer('signer_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  status: text('status').$type<SigningSessionStatus>().notNull().default('code_sent'),
  codeHash: text('code_hash'),
  codeSalt: text('code_salt'),
  codeExpiresAt: at('code_expires_at'),
  triesLeft: integer('tries_left').notNull(),
  verifiedAt: at('verified_at'),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

export const signingCodeSends = pgTable(
  'signing_code_sends',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => signingSessions.id, { onDelete: 'cascade' }),
    sentAt: at('sent_at').notNull(),
  },
  (t) => [index('signing_code_sends_session_idx').on(t.sessionId, t.sentAt)],
);

export type SigningSessionRow = typeof signingSessions.$inferSelect;
