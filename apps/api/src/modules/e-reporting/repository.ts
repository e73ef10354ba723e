import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { eReports, type EReportHistoryEntry, type EReportRow, type Executor } from '@ouvrage/db';
import type { EReportKind, EReportState } from '@ouvrage/domain';

export type { EReportRow, EReportHistoryEntry };
type NewReport = typeof eReports.$inferInsert;

/** A period's report, or null when another run stored it first (the unique key: a period is reported once). */
export async function insertReport(db: Executor, values: NewReport): Promise<EReportRow | null> {
  const [row] = await db.insert(eReports).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findReport(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<EReportRow | undefined> {
  const query = db.select().from(eReports).where(eq(eReports.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The period starts already reported by an issuer, per kind. */
export async function reportedStarts(db: Executor, issuerId: number): Promise<Array<{ kind: EReportKind; periodStart: string }>> {
  return db.select({ kind: eReports.kind, periodStart: eReports.periodStart }).from(eReports).where(eq(eReports.issuerId, issuerId));
}

/** An issuer's reports whose period starts within a year, oldest first. */
export async function reportsOfYear(db: Executor, issuerId: number, year: number): Promise<EReportRow[]> {
  return db
    .select()
    .from(eReports)
    .where(and(eq(eReports.issuerId, issuerId), gte(eReports.periodStart, `${year}-01-01`), lte(eReports.periodStart, `${year}-12-31`)))
    .orderBy(asc(eReports.periodStart), asc(eReports.kind));
}

export async function reportsInState(db: Executor, states: EReportState[]): Promise<EReportRow[]> {
  return db.select().from(eReports).where(inArray(eReports.state, states)).orderBy(asc(eReports.id));
}

/**
 * Move a report from one state to another with a line of history; null when it was no longer in
 * `from` (another worker or a second run got there first).
 */
export async function moveReport(
  db: Executor,
  id: number,
  from: EReportState[],
  set: Partial<Pick<NewReport, 'state' | 'flowId' | 'lastError' | 'submittedAt' | 'attempts'>>,
  entry: EReportHistoryEntry,
): Promise<EReportRow | null> {
  const [row] = await db
    .update(eReports)
    .set({ ...set, updatedAt: new Date(entry.at), history: sql`${eReports.history} || ${JSON.stringify([entry])}::jsonb` })
    .where(and(eq(eReports.id, id), inArray(eReports.state, from)))
    .returning();
  return row ?? null;
}

/** Count an attempt of a draft (before the PA is called): null when it is not a draft any more. */
export async function claimAttempt(db: Executor, id: number, at: Date): Promise<EReportRow | null> {
  const [row] = await db
    .update(eReports)
    .set({ attempts: sql`${eReports.attempts} + 1`, updatedAt: at })
    .where(and(eq(eReports.id, id), eq(eReports.state, 'draft')))
    .returning();
  return row ?? null;
}

/** Reports for the ownership check: the issuer owns them. */
export async function ownersOfReport(db: Executor, id: number): Promise<number[]> {
  const [row] = await db.select({ issuerId: eReports.issuerId }).from(eReports).where(eq(eReports.id, id));
  return row ? [row.issuerId] : [];
}
