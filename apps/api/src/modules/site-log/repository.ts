import { count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import { siteLogComments, siteLogEntries, siteLogPhotos, type Executor, type SiteLogCommentRow, type SiteLogEntryRow, type SiteLogPhotoRow } from '@ouvrage/db';

/** The site log's tables (migration 0055, decision 1231): inserted, never updated. */

export type { SiteLogCommentRow, SiteLogEntryRow, SiteLogPhotoRow };
export type SiteLogEntryInsert = typeof siteLogEntries.$inferInsert;
export type SiteLogPhotoInsert = Omit<typeof siteLogPhotos.$inferInsert, 'entryId'>;

/** The class of the two-key advisory locks of a project's journal (any constant of ours). */
const JOURNAL_LOCK_CLASS = 5531;

/**
 * Lock the project's journal until the caller's transaction ends: two entries written at once on
 * one project take their numbers one after the other (1, 2, 3… without gaps), other projects wait
 * for nothing, and the project row itself stays free.
 */
export async function lockJournal(tx: Executor, projectId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${JOURNAL_LOCK_CLASS}::int4, ${projectId}::int4)`);
}

/** The next number of the project's journal; the caller holds its lock. */
export async function nextNumber(tx: Executor, projectId: number): Promise<number> {
  const [row] = await tx
    .select({ last: max(siteLogEntries.number) })
    .from(siteLogEntries)
    .where(eq(siteLogEntries.projectId, projectId));
  return (row?.last ?? 0) + 1;
}

export async function insertEntry(tx: Executor, values: SiteLogEntryInsert): Promise<SiteLogEntryRow> {
  const [row] = await tx.insert(siteLogEntries).values(values).returning();
  return row;
}

export async function insertPhotos(tx: Executor, entryId: number, photos: SiteLogPhotoInsert[]): Promise<void> {
  if (photos.length) await tx.insert(siteLogPhotos).values(photos.map((p) => ({ ...p, entryId })));
}

export async function insertComment(tx: Executor, values: typeof siteLogComments.$inferInsert): Promise<SiteLogCommentRow> {
  const [row] = await tx.insert(siteLogComments).values(values).returning();
  return row;
}

export async function findEntry(db: Executor, id: number): Promise<SiteLogEntryRow | undefined> {
  const [row] = await db.select().from(siteLogEntries).where(eq(siteLogEntries.id, id));
  return row;
}

export async function entriesByIds(db: Executor, ids: number[]): Promise<SiteLogEntryRow[]> {
  if (!ids.length) return [];
  return db.select().from(siteLogEntries).where(inArray(siteLogEntries.id, ids));
}

/** The entries correcting any of these, by the id of the entry they correct. */
export async function correctionsOf(db: Executor, ids: number[]): Promise<Map<number, SiteLogEntryRow>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(siteLogEntries).where(inArray(siteLogEntries.correctsEntryId, ids)).orderBy(siteLogEntries.number);
  return new Map(rows.map((r) => [r.correctsEntryId!, r]));
}

/** A page of the project's journal, the newest entry first, and how many entries it holds. */
export async function journalPage(db: Executor, projectId: number, page: number, perPage: number): Promise<{ rows: SiteLogEntryRow[]; total: number }> {
  const rows = await db
    .select()
    .from(siteLogEntries)
    .where(eq(siteLogEntries.projectId, projectId))
    .orderBy(desc(siteLogEntries.number))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(siteLogEntries).where(eq(siteLogEntries.projectId, projectId));
  return { rows, total: total?.n ?? 0 };
}

/** The whole journal of a project, the oldest entry first (its PDF, decision 1231). */
export async function journalEntries(db: Executor, projectId: number): Promise<SiteLogEntryRow[]> {
  return db.select().from(siteLogEntries).where(eq(siteLogEntries.projectId, projectId)).orderBy(siteLogEntries.number);
}

/** The comments of these entries, each entry's oldest first. */
export async function commentsOfEntries(db: Executor, entryIds: number[]): Promise<SiteLogCommentRow[]> {
  if (!entryIds.length) return [];
  return db.select().from(siteLogComments).where(inArray(siteLogComments.entryId, entryIds)).orderBy(siteLogComments.entryId, siteLogComments.id);
}

export async function photosOf(db: Executor, entryIds: number[]): Promise<SiteLogPhotoRow[]> {
  if (!entryIds.length) return [];
  return db.select().from(siteLogPhotos).where(inArray(siteLogPhotos.entryId, entryIds)).orderBy(siteLogPhotos.entryId, siteLogPhotos.position);
}

export async function findPhoto(db: Executor, id: number): Promise<SiteLogPhotoRow | undefined> {
  const [row] = await db.select().from(siteLogPhotos).where(eq(siteLogPhotos.id, id));
  return row;
}

export async function commentCounts(db: Executor, entryIds: number[]): Promise<Map<number, number>> {
  if (!entryIds.length) return new Map();
  const rows = await db
    .select({ entryId: siteLogComments.entryId, n: count() })
    .from(siteLogComments)
    .where(inArray(siteLogComments.entryId, entryIds))
    .groupBy(siteLogComments.entryId);
  return new Map(rows.map((r) => [r.entryId, r.n]));
}

export async function commentsOf(db: Executor, entryId: number): Promise<SiteLogCommentRow[]> {
  return db.select().from(siteLogComments).where(eq(siteLogComments.entryId, entryId)).orderBy(siteLogComments.id);
}

/** The project an entry belongs to (ownership walks up to it); null when there is no such entry. */
export async function projectOfEntry(db: Executor, id: number): Promise<number | null> {
  const [row] = await db.select({ projectId: siteLogEntries.projectId }).from(siteLogEntries).where(eq(siteLogEntries.id, id));
  return row?.projectId ?? null;
}

export async function projectOfPhoto(db: Executor, id: number): Promise<number | null> {
  const [row] = await db
    .select({ projectId: siteLogEntries.projectId })
    .from(siteLogPhotos)
    .innerJoin(siteLogEntries, eq(siteLogEntries.id, siteLogPhotos.entryId))
    .where(eq(siteLogPhotos.id, id));
  return row?.projectId ?? null;
}

/** Does the journal name the user (an entry or a comment)? Keeps the account from deletion. */
export async function siteLogNamesUser(db: Executor, userId: number): Promise<boolean> {
  const [entry] = await db.select({ id: siteLogEntries.id }).from(siteLogEntries).where(eq(siteLogEntries.authorId, userId)).limit(1);
  if (entry) return true;
  const [comment] = await db.select({ id: siteLogComments.id }).from(siteLogComments).where(eq(siteLogComments.authorId, userId)).limit(1);
  return Boolean(comment);
}
