import { index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { SignatureBox, SignatureDocumentKind, SignatureDocumentStatus, SignatureProviderName, SignerStatus } from '@ouvrage/domain';
import { projects } from '../projects/projects';
import { quotes } from '../quotes/quotes';
import { users } from '../users/users';

/** Signature documents, their signers and their audit trail (migration 0013, decision 0640). */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const signatureDocuments = pgTable(
  'signature_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<SignatureDocumentKind>().notNull(),
    quoteId: integer('quote_id')
      .unique()
      .references(() => quotes.id, { onDelete: 'restrict' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'restrict' }),
    /** The record of another kind's module the document is about (a réception, migration 0021); null for quotes and contracts. */
    subjectId: integer('subject_id'),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    /** The subject's label (a réception's quote, migration 0048): the web names the document from its kind and this. */
    subjectLabel: text('subject_label'),
    fileName: text('file_name').notNull(),
    originalKey: text('original_key').notNull(),
    originalSha256: text('original_sha256').notNull(),
    signatureBox: jsonb('signature_box').$type<SignatureBox | null>(),
    provider: text('provider').$type<SignatureProviderName>().notNull(),
    agreementId: text('agreement_id').unique(),
    status: text('status').$type<SignatureDocumentStatus>().notNull().default('draft'),
    signedKey: text('signed_key'),
    signedSha256: text('signed_sha256'),
    /** The PDFs' sizes in bytes, checked with their SHA-256 at every read (migration 0038); null before it. */
    originalSize: integer('original_size'),
    signedSize: integer('signed_size'),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
    signedAt: at('signed_at'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('signature_documents_owner_idx').on(t.ownerId, t.createdAt), index('signature_documents_project_idx').on(t.projectId)],
);

export const signatureSigners = pgTable(
  'signature_signers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    documentId: integer('document_id')
      .notNull()
      .references(() => signatureDocuments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    status: text('status').$type<SignerStatus>().notNull().default('pending'),
    signedAt: at('signed_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The built-in provider's invitation link: only the SHA-256 of its random token is kept. */
    accessTokenHash: text('access_token_hash').unique(),
    /** The signer's signature image (PNG, storage key) until the final PDF is made (migration 0014). */
    signatureKey: text('signature_key'),
    signatureMode: text('signature_mode').$type<'drawn' | 'typed'>(),
  },
  (t) => [unique().on(t.documentId, t.position), index('signature_signers_user_idx').on(t.userId)],
);

export const signatureEvents = pgTable(
  'signature_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    documentId: integer('document_id')
      .notNull()
      .references(() => signatureDocuments.id, { onDelete: 'cascade' }),
    signerId: integer('signer_id').references(() => signatureSigners.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    at: at('at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').$type<Record<string, unknown> | null>(),
  },
  (t) => [index('signature_events_document_idx').on(t.documentId, t.at, t.id)],
);

export type SignatureDocumentRow = typeof signatureDocuments.$inferSelect;
export type SignatureSignerRow = typeof signatureSigners.$inferSelect;
export type SignatureEventRow = typeof signatureEvents.$inferSelect;
