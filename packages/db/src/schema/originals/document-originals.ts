import { integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/** What a stored original is of (migration 0038, decision 1020). */
export type DocumentOriginalKind = 'invoice' | 'credit-note' | 'quote' | 'dgd';

/**
 * One stored original per issued document (migration 0038, decisions 1020–1024): the storage key of
 * the bytes served at every download, their SHA-256 and size. Rows are never updated nor deleted
 * (a trigger refuses it).
 */
export const documentOriginals = pgTable(
  'document_originals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<DocumentOriginalKind>().notNull(),
    subjectId: integer('subject_id').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('document_originals_kind_subject_id_key').on(t.kind, t.subjectId)],
);

export type DocumentOriginalRow = typeof documentOriginals.$inferSelect;
