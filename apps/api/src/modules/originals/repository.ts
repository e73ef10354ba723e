import { and, eq } from 'drizzle-orm';
import { documentOriginals, type DocumentOriginalKind, type DocumentOriginalRow, type Executor } from '@ouvrage/db';

/** Stored originals (migration 0038): one row per document, never updated. */

export type { DocumentOriginalKind, DocumentOriginalRow };

export async function findOriginal(db: Executor, kind: DocumentOriginalKind, subjectId: number): Promise<DocumentOriginalRow | undefined> {
  const [row] = await db
    .select()
    .from(documentOriginals)
    .where(and(eq(documentOriginals.kind, kind), eq(documentOriginals.subjectId, subjectId)));
  return row;
}

/** The row when this call made it; undefined when the document already had one (another writer won). */
export async function insertOriginal(db: Executor, values: typeof documentOriginals.$inferInsert): Promise<DocumentOriginalRow | undefined> {
  const [row] = await db
    .insert(documentOriginals)
    .values(values)
    .onConflictDoNothing({ target: [documentOriginals.kind, documentOriginals.subjectId] })
    .returning();
  return row;
}
