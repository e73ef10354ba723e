import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import {
  signatureDocuments,
  signatureEvents,
  signatureSigners,
  type Executor,
  type SignatureDocumentRow,
  type SignatureEventRow,
  type SignatureSignerRow,
} from '@ouvrage/db';
import type { SignatureDocumentKind, SignatureDocumentStatus } from '@ouvrage/domain';

/** Signature documents, their signers and events (migration 0013). */

export type { SignatureDocumentRow, SignatureEventRow, SignatureSignerRow };
export type SignatureDocumentInsert = typeof signatureDocuments.$inferInsert;
export type SignatureEventInsert = typeof signatureEvents.$inferInsert;

export async function findDocument(db: Executor, id: number): Promise<SignatureDocumentRow | undefined> {
  const [row] = await db.select().from(signatureDocuments).where(eq(signatureDocuments.id, id));
  return row;
}

/** The document, locked until the caller's transaction ends. */
export async function lockDocument(db: Executor, id: number): Promise<SignatureDocumentRow | undefined> {
  const [row] = await db.select().from(signatureDocuments).where(eq(signatureDocuments.id, id)).for('update');
  return row;
}

export async function findDocumentOfQuote(db: Executor, quoteId: number): Promise<SignatureDocumentRow | undefined> {
  const [row] = await db.select().from(signatureDocuments).where(eq(signatureDocuments.quoteId, quoteId));
  return row;
}

/** The document of a non-quote kind's record (a réception), decision 0720. */
export async function findDocumentOfSubject(db: Executor, kind: SignatureDocumentKind, subjectId: number): Promise<SignatureDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(signatureDocuments)
    .where(and(eq(signatureDocuments.kind, kind), eq(signatureDocuments.subjectId, subjectId)));
  return row;
}

export async function findDocumentByAgreement(db: Executor, agreementId: string): Promise<SignatureDocumentRow | undefined> {
  const [row] = await db.select().from(signatureDocuments).where(eq(signatureDocuments.agreementId, agreementId));
  return row;
}

export async function insertDocument(db: Executor, values: SignatureDocumentInsert): Promise<SignatureDocumentRow> {
  const [row] = await db.insert(signatureDocuments).values(values).returning();
  return row;
}

export async function updateDocument(db: Executor, id: number, values: Partial<SignatureDocumentInsert>): Promise<SignatureDocumentRow> {
  const [row] = await db.update(signatureDocuments).set(values).where(eq(signatureDocuments.id, id)).returning();
  return row;
}

export async function insertSigners(db: Executor, values: Array<typeof signatureSigners.$inferInsert>): Promise<SignatureSignerRow[]> {
  if (values.length === 0) return [];
  return db.insert(signatureSigners).values(values).returning();
}

export async function signersOf(db: Executor, documentId: number): Promise<SignatureSignerRow[]> {
  return db.select().from(signatureSigners).where(eq(signatureSigners.documentId, documentId)).orderBy(asc(signatureSigners.position));
}

export async function updateSigner(db: Executor, id: number, values: Partial<typeof signatureSigners.$inferInsert>): Promise<SignatureSignerRow> {
  const [row] = await db.update(signatureSigners).set(values).where(eq(signatureSigners.id, id)).returning();
  return row;
}

export async function insertEvent(db: Executor, values: SignatureEventInsert): Promise<void> {
  await db.insert(signatureEvents).values(values);
}

export async function eventsOf(db: Executor, documentId: number): Promise<SignatureEventRow[]> {
  return db.select().from(signatureEvents).where(eq(signatureEvents.documentId, documentId)).orderBy(asc(signatureEvents.at), asc(signatureEvents.id));
}

/** The people a document belongs to: its owner and its signers with an account. */
export async function ownersOfDocument(db: Executor, id: number): Promise<number[] | null> {
  const doc = await findDocument(db, id);
  if (!doc) return null;
  const signers = await db.select({ userId: signatureSigners.userId }).from(signatureSigners).where(eq(signatureSigners.documentId, id));
  return [doc.ownerId, ...signers.flatMap((s) => (s.userId === null ? [] : [s.userId]))];
}

export interface DocumentFilter {
  /** Documents this user owns or signs; undefined = every document (admin). */
  userId?: number;
  kind?: SignatureDocumentKind;
  statuses?: SignatureDocumentStatus[];
  quoteIds?: number[];
}

/** Documents newest first, at most `limit`. */
export async function listDocuments(db: Executor, filter: DocumentFilter, limit = 200): Promise<SignatureDocumentRow[]> {
  const where = [];
  if (filter.userId !== undefined) {
    // The documents the user owns or signs, as one set of ids: each half reads its own index
    // (an OR of the two would read the whole table).
    const owned = db.select({ id: signatureDocuments.id }).from(signatureDocuments).where(eq(signatureDocuments.ownerId, filter.userId));
    const signs = db.select({ id: signatureSigners.documentId }).from(signatureSigners).where(eq(signatureSigners.userId, filter.userId));
    where.push(inArray(signatureDocuments.id, union(owned, signs)));
  }
  if (filter.kind) where.push(eq(signatureDocuments.kind, filter.kind));
  if (filter.statuses) where.push(filter.statuses.length ? inArray(signatureDocuments.status, filter.statuses) : sql`false`);
  if (filter.quoteIds) where.push(filter.quoteIds.length ? inArray(signatureDocuments.quoteId, filter.quoteIds) : sql`false`);
  return db
    .select()
    .from(signatureDocuments)
    .where(and(...where))
    .orderBy(desc(signatureDocuments.createdAt), desc(signatureDocuments.id))
    .limit(limit);
}

/** Does a signature document name the user (as owner or signer)? Keeps the account from deletion. */
export async function documentsNameUser(db: Executor, userId: number): Promise<boolean> {
  const [owned] = await db.select({ id: signatureDocuments.id }).from(signatureDocuments).where(eq(signatureDocuments.ownerId, userId)).limit(1);
  if (owned) return true;
  const [signs] = await db.select({ id: signatureSigners.id }).from(signatureSigners).where(eq(signatureSigners.userId, userId)).limit(1);
  return Boolean(signs);
}

export async function findSignerByTokenHash(db: Executor, tokenHash: string): Promise<SignatureSignerRow | undefined> {
  const [row] = await db.select().from(signatureSigners).where(eq(signatureSigners.accessTokenHash, tokenHash));
  return row;
}

export async function findSignerById(db: Executor, id: number): Promise<SignatureSignerRow | undefined> {
  const [row] = await db.select().from(signatureSigners).where(eq(signatureSigners.id, id));
  return row;
}

/** A project's signature documents of one kind (of one owner when given), for its timeline (decision 0830). */
export async function documentsOfProject(db: Executor, projectId: number, kind: SignatureDocumentKind, ownerId?: number): Promise<SignatureDocumentRow[]> {
  return db
    .select()
    .from(signatureDocuments)
    .where(
      and(
        eq(signatureDocuments.projectId, projectId),
        eq(signatureDocuments.kind, kind),
        ownerId === undefined ? undefined : eq(signatureDocuments.ownerId, ownerId),
      ),
    )
    .orderBy(asc(signatureDocuments.id));
}
