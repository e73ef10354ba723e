import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { offers, type Executor } from '@ouvrage/db';
import { projectsByIds } from '../projects';
import { effectiveStatus, isAvailable } from './repository';

/**
 * Dashboard widgets on a professional's tenders (decision 0812): one query on `offers` each, then
 * the projects' labels in one call to the projects module (as every tender list).
 */

async function withProjects<T extends { projectId: number | null }>(db: Executor, rows: T[]) {
  const found = await projectsByIds(
    db,
    rows.map((r) => r.projectId).filter((id): id is number => id !== null),
  );
  const byId = new Map(found.map((p) => [p.project.id, p]));
  return rows.flatMap((r) => {
    const p = r.projectId === null ? undefined : byId.get(r.projectId);
    return p ? [{ ...r, project: p.project, categoryName: p.categoryName, bienName: p.bienName }] : [];
  });
}

/** Tenders the professional can answer now, the nearest deadline first, and how many there are. */
export async function availableTendersOf(db: Executor, professionalId: number, limit: number) {
  const rows = await db
    .select({ id: offers.id, projectId: offers.projectId, replyDeadline: offers.replyDeadline, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(offers)
    .where(and(eq(offers.professionalId, professionalId), isNotNull(offers.projectId), isAvailable))
    .orderBy(asc(offers.replyDeadline), asc(offers.id))
    .limit(limit);
  return { total: rows[0]?.total ?? 0, items: await withProjects(db, rows) };
}

/** Tenders the professional accepted (their projects), the latest first, and how many there are. */
export async function acceptedTendersOf(db: Executor, professionalId: number, limit: number) {
  const rows = await db
    .select({ id: offers.id, projectId: offers.projectId, answeredAt: offers.answeredAt, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(offers)
    .where(and(eq(offers.professionalId, professionalId), eq(offers.status, 'Acceptée'), isNotNull(offers.projectId)))
    .orderBy(sql`${offers.answeredAt} desc nulls last`, desc(offers.id))
    .limit(limit);
  return { total: rows[0]?.total ?? 0, items: await withProjects(db, rows) };
}

/**
 * The professional's answers: tenders received (sent to them, withdrawn ones left out), answered
 * (accepted or refused), and those left to expire.
 */
export async function tenderAnswerCounts(db: Executor, professionalId: number) {
  const status = effectiveStatus;
  const [row] = await db
    .select({
      received: sql<number>`count(*)`.mapWith(Number),
      accepted: sql<number>`count(*) filter (where ${offers.status} = 'Acceptée')`.mapWith(Number),
      refused: sql<number>`count(*) filter (where ${offers.status} = 'Refusée')`.mapWith(Number),
      expired: sql<number>`count(*) filter (where ${status} = 'Expirée')`.mapWith(Number),
    })
    .from(offers)
    .where(and(eq(offers.professionalId, professionalId), eq(offers.validation, '1'), sql`${offers.status} <> 'Retirée'`));
  return row ?? { received: 0, accepted: 0, refused: 0, expired: 0 };
}
