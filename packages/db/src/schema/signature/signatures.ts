import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { SigningSessionStatus } from '@ouvrage/domain';
import { quotes } from '../quotes/quotes';
import { signatureSigners } from './signature-documents';
import { users } from '../users/users';

/** The signer's e-mail code (migration 0012, decisions 0620–0624), per signature signer (migration 0014, decision 0641). */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const signingSessions = pgTable('signing_sessions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** The quote signed in the app, if the document is a quote's. */
  quoteId: integer('quote_id')
    .unique()
    .references(() => quotes.id, { onDelete: 'restrict' }),
  /** The signer's account, when they have one. */
  signerId: integer('signer_id').references(() => users.id, { onDelete: 'restrict' }),
  /** The signature document's signer this session is for. */
  signerRef: integer('signer_ref')
    .notNull()
    .unique()
    .references(() => signatureSigners.id, { onDelete: 'cascade' }),
  /** SHA-256 of the personal link the session was opened with (link signers). */
  linkTokenHash: text('link_token_hash').unique(),
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
