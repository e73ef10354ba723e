import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { siteLogCitations, siteLogEntries, siteLogPhotos, type Executor, type SiteLogCitationRow } from '@ouvrage/db';

/** The citations of journal entries (migration 0059, decision 1232): written by the citing module's transaction, through the site log's index. */

export type { SiteLogCitationRow };
export type SiteLogCitationInsert = typeof siteLogCitations.$inferInsert;

/** The entries asked for, with their project and how many photos each has (unknown ids are left out). */
export async function entriesWithPhotoCounts(
  db: Executor,
  ids: number[],
): Promise<Array<{ id: number; projectId: number; number: number; workDate: string; photoCount: number }>> {
  if (!ids.length) return [];
  return db
    .select({
      id: siteLogEntries.id,
      projectId: siteLogEntries.projectId,
      number: siteLogEntries.number,
      workDate: siteLogEntries.workDate,
      photoCount: count(siteLogPhotos.id),
    })
    .from(siteLogEntries)
    .leftJoin(siteLogPhotos, eq(siteLogPhotos.entryId, siteLogEntries.id))
    .where(inArray(siteLogEntries.id, ids))
    .groupBy(siteLogEntries.id);
}

export async function insertCitations(tx: Executor, rows: SiteLogCitationInsert[]): Promise<void> {
  if (rows.length) await tx.insert(siteLogCitations).values(rows);
}

/** Forget the entry a reservation cites as its photo (a reservation's citation only: an invoice's is frozen). */
export async function deleteReservationCitation(tx: Executor, reservationId: number): Promise<void> {
  await tx.delete(siteLogCitations).where(eq(siteLogCitations.reservationId, reservationId));
}

/** The citations of these entries, oldest first. */
export async function citationsOfEntries(db: Executor, entryIds: number[]): Promise<SiteLogCitationRow[]> {
  if (!entryIds.length) return [];
  return db.select().from(siteLogCitations).where(inArray(siteLogCitations.entryId, entryIds)).orderBy(siteLogCitations.id);
}

/** The entries these reservations cite as their photo. */
export async function reservationCitations(db: Executor, reservationIds: number[]): Promise<SiteLogCitationRow[]> {
  if (!reservationIds.length) return [];
  return db
    .select()
    .from(siteLogCitations)
    .where(and(isNotNull(siteLogCitations.reservationId), inArray(siteLogCitations.reservationId, reservationIds)));
}

/** The entries an invoice cites, as recorded at its issue. */
export async function invoiceCitations(db: Executor, invoiceId: number): Promise<SiteLogCitationRow[]> {
  return db.select().from(siteLogCitations).where(eq(siteLogCitations.invoiceId, invoiceId)).orderBy(siteLogCitations.id);
}
