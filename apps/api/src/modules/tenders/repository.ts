import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { offers, tenderSettings, type Executor, type OfferRow } from '@ouvrage/db';
import { TENDER_STATUSES_WITH_PROJECT_FILES, type TenderStatus } from '@ouvrage/domain';
import { filesOfProjects as projectFiles, findProjectFile as projectFile, projectsByIds, projectClosedOf } from '../projects';
import { cappedCount, preparedCappedCount } from '../../lib/capped-count';
import { prepared } from '../../lib/prepared';

/**
 * Tenders own `offers` and `tender_settings`; projects, professionals and users are read through
 * their modules' public functions, once per page (docs/decisions/0450).
 */

/** A trusted constant of the domain as an SQL literal (statuses and states never come from users). */
function literal(value: string): SQL {
  return sql.raw(`'${value.replace(/'/g, "''")}'`);
}

const DISPONIBLE = literal('Disponible' satisfies TenderStatus);
/** The project is finished or cancelled (`CLOSED_PROJECT_STATES`); a tender without project is not. */
const projectClosed = projectClosedOf(offers.projectId);

/**
 * The status a tender really has now — the SQL twin of `effectiveTenderStatus` in the domain, built
 * from the same constants (a test checks they agree): an unanswered tender past its deadline is
 * `Expirée`, on a cancelled or finished project `Clôturée`. Lists, the bell and the answers read it,
 * so they agree between two sweeps.
 */
export const effectiveStatus = sql<TenderStatus>`(case
  when ${offers.status} = ${DISPONIBLE} and ${projectClosed} then ${literal('Clôturée' satisfies TenderStatus)}
  when ${offers.status} = ${DISPONIBLE} and ${offers.replyDeadline} <= now() then ${literal('Expirée' satisfies TenderStatus)}
  else ${offers.status} end)`;

/** Available = status `Disponible` (still, effectively) and validation "1" (spec §4). */
export const isAvailable = sql<boolean>`(${offers.validation} = '1' and ${offers.status} = ${DISPONIBLE} and ${offers.replyDeadline} > now()
  and not ${projectClosed})`;

export function statusIs(status: TenderStatus): SQL {
  switch (status) {
    case 'Disponible':
      return isAvailable;
    case 'Expirée':
      return sql`(${offers.status} = ${literal(status)} or (${offers.status} = ${DISPONIBLE} and ${offers.replyDeadline} <= now() and not ${projectClosed}))`;
    case 'Clôturée':
      return sql`(${offers.status} = ${literal(status)} or (${offers.status} = ${DISPONIBLE} and ${projectClosed}))`;
    default:
      return eq(offers.status, status);
  }
}

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

export async function getSettings(db: Executor) {
  const [row] = await db.select().from(tenderSettings).where(eq(tenderSettings.id, true));
  return row ?? { id: true, maxAcceptances: 3, defaultReplyDays: 7, updatedAt: new Date() };
}

export async function updateSettings(db: Executor, values: { maxAcceptances?: number; defaultReplyDays?: number }) {
  await db
    .insert(tenderSettings)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: tenderSettings.id, set: { ...values, updatedAt: new Date() } });
  return getSettings(db);
}

// ---------------------------------------------------------------------------------------------
// Projects as tenders see them (read through the projects module)
// ---------------------------------------------------------------------------------------------

export async function findProject(db: Executor, id: number) {
  const [row] = await projectsByIds(db, [id]);
  return row;
}
export type ProjectForTender = NonNullable<Awaited<ReturnType<typeof findProject>>>;

export const filesOfProjects = projectFiles;
export const findProjectFile = projectFile;

/** Attach each tender's project (one read of the projects module for the whole page). */
async function withProjects<T extends { offer: OfferRow }>(db: Executor, rows: T[]) {
  const found = await projectsByIds(
    db,
    rows.map((r) => r.offer.projectId).filter((id): id is number => id !== null),
  );
  const byId = new Map(found.map((p) => [p.project.id, p]));
  return rows.flatMap((r) => {
    const p = r.offer.projectId === null ? undefined : byId.get(r.offer.projectId);
    return p ? [{ ...r, project: p.project, categoryName: p.categoryName, bienName: p.bienName }] : [];
  });
}

// ---------------------------------------------------------------------------------------------
// Tenders
// ---------------------------------------------------------------------------------------------

export async function tendersOfProject(db: Executor, projectId: number) {
  return db.select({ id: offers.id, professionalId: offers.professionalId, status: effectiveStatus }).from(offers).where(eq(offers.projectId, projectId));
}

export async function countAccepted(db: Executor, projectId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(offers)
    .where(and(eq(offers.projectId, projectId), eq(offers.status, 'Acceptée')));
  return row.n;
}

export async function insertTender(db: Executor, values: typeof offers.$inferInsert): Promise<OfferRow> {
  const [row] = await db.insert(offers).values(values).returning();
  return row;
}

/** Send again a tender that was withdrawn or expired: it starts afresh. */
export async function reissueTender(
  db: Executor,
  id: number,
  values: { replyDeadline: Date; adminMessage: string | null; createdBy: number; matchScore: number | null; now: Date },
) {
  const { now, ...rest } = values;
  const [row] = await db
    .update(offers)
    .set({ ...rest, status: 'Disponible', validation: '1', refusalReason: null, answeredAt: null, closedAt: null, createdAt: now, updatedAt: now })
    .where(eq(offers.id, id))
    .returning();
  return row;
}

export async function lockTender(db: Executor, id: number): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id)).for('update');
  return row;
}

export async function findTender(db: Executor, id: number): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id));
  return row;
}

export async function setTenderStatus(db: Executor, id: number, values: Partial<typeof offers.$inferInsert>) {
  const [row] = await db
    .update(offers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(offers.id, id))
    .returning();
  return row;
}

/** Close every tender of the project still `Disponible` (N acceptances reached). */
export async function closeRemaining(db: Executor, projectId: number, now: Date) {
  return db
    .update(offers)
    .set({ status: 'Clôturée', closedAt: now, updatedAt: now })
    .where(and(eq(offers.projectId, projectId), eq(offers.status, 'Disponible')))
    .returning({ id: offers.id, professionalId: offers.professionalId });
}

export async function ownersOfTender(db: Executor, id: number): Promise<number[] | null> {
  const [row] = await db.select({ professionalId: offers.professionalId }).from(offers).where(eq(offers.id, id));
  return row ? [row.professionalId] : null;
}

/**
 * The professionals whose tender on the project was accepted: they take part in it and own it with
 * the client (registered with projects as participants, decision 0450).
 */
export async function acceptedProfessionalsOfProject(db: Executor, projectId: number): Promise<number[]> {
  const statement = prepared(db, 'tenders_accepted_professionals', (e) =>
    e
      .select({ id: offers.professionalId })
      .from(offers)
      .where(and(eq(offers.projectId, sql.placeholder('projectId')), eq(offers.status, 'Acceptée'))),
  );
  return (await statement.execute({ projectId })).map((r) => r.id);
}

/**
 * The effective status of a professional's sent tender on a project (null: none sent), e.g. whether
 * they may still write in the project's conversations (decision 1230). The latest tender if resent.
 */
export async function tenderStatusOn(db: Executor, projectId: number, professionalId: number): Promise<TenderStatus | null> {
  const [row] = await db
    .select({ status: effectiveStatus })
    .from(offers)
    .where(and(eq(offers.projectId, projectId), eq(offers.professionalId, professionalId), eq(offers.validation, '1')))
    .orderBy(desc(offers.id))
    .limit(1);
  return row?.status ?? null;
}

/** The projects on which a professional's tender was accepted (what they may quote, issue 9). */
export async function acceptedProjectsOf(db: Executor, professionalId: number): Promise<number[]> {
  const rows = await db
    .select({ id: offers.projectId })
    .from(offers)
    .where(and(eq(offers.professionalId, professionalId), eq(offers.status, 'Acceptée')));
  return rows.map((r) => r.id).filter((id): id is number => id !== null);
}

/** A professional's tenders keep their account (decision 0441), whatever their status. */
export async function professionalHasTenders(db: Executor, professionalId: number): Promise<boolean> {
  const rows = await db.select({ id: offers.id }).from(offers).where(eq(offers.professionalId, professionalId)).limit(1);
  return rows.length > 0;
}

/**
 * Who may read a project file through the tender screens (decision 0440): the professionals with a
 * sent tender on the file's project that is still `Disponible` (effectively: not expired, project
 * open) or `Acceptée`. Refused, withdrawn, expired and closed tenders no longer give access.
 * Null when the file does not exist.
 */
export async function ownersOfTenderFile(db: Executor, fileId: number): Promise<number[] | null> {
  const file = await projectFile(db, fileId);
  if (!file) return null;
  const rows = await db
    .select({ id: offers.professionalId })
    .from(offers)
    .where(and(eq(offers.projectId, file.projectId), eq(offers.validation, '1'), inArray(effectiveStatus, [...TENDER_STATUSES_WITH_PROJECT_FILES])));
  return rows.map((r) => r.id);
}

/**
 * The projects whose files a professional may read through the tender screens (the same rule as
 * `ownersOfTenderFile`: a sent tender still `Disponible` or `Acceptée`), for the documents area.
 */
export async function projectsWithVisibleFilesOf(db: Executor, professionalId: number): Promise<number[]> {
  const rows = await db
    .select({ id: offers.projectId })
    .from(offers)
    .where(and(eq(offers.professionalId, professionalId), eq(offers.validation, '1'), inArray(effectiveStatus, [...TENDER_STATUSES_WITH_PROJECT_FILES])));
  return [...new Set(rows.map((r) => r.id).filter((id): id is number => id !== null))];
}

/** Professionals whose tender on the project was accepted, first acceptance first. */
export async function acceptedOnProject(db: Executor, projectId: number) {
  return db
    .select({ tenderId: offers.id, answeredAt: offers.answeredAt, professionalId: offers.professionalId })
    .from(offers)
    .where(and(eq(offers.projectId, projectId), eq(offers.status, 'Acceptée')))
    .orderBy(asc(offers.answeredAt), asc(offers.id));
}

/** How many sent tenders (validation "1") of a project have each effective status. */
export async function sentStatusCounts(db: Executor, projectId: number): Promise<Map<TenderStatus, number>> {
  const rows = await db
    .select({ status: effectiveStatus, n: count() })
    .from(offers)
    .where(and(eq(offers.projectId, projectId), eq(offers.validation, '1')))
    .groupBy(effectiveStatus);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

const tenderColumns = { offer: offers, status: effectiveStatus, available: isAvailable };

export async function findTenderWithProject(db: Executor, id: number) {
  const [row] = await withProjects(db, await db.select(tenderColumns).from(offers).where(eq(offers.id, id)));
  return row;
}
export type TenderWithProject = NonNullable<Awaited<ReturnType<typeof findTenderWithProject>>>;

/** A professional's tenders (sent ones; withdrawn ones are no longer shown), available first. */
export async function listForProfessional(db: Executor, professionalId: number, scope: 'all' | 'available' | 'past', page: { limit: number; offset: number }) {
  const conditions: SQL[] = [
    eq(offers.professionalId, professionalId),
    eq(offers.validation, '1'),
    sql`${offers.status} <> 'Retirée'`,
    isNotNull(offers.projectId),
  ];
  if (scope === 'available') conditions.push(isAvailable);
  if (scope === 'past') conditions.push(sql`not ${isAvailable}`);
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    db
      .select(tenderColumns)
      .from(offers)
      .where(where)
      .orderBy(desc(isAvailable), asc(sql`case when ${isAvailable} then ${offers.replyDeadline} end`), desc(offers.createdAt), desc(offers.id))
      .limit(page.limit)
      .offset(page.offset),
    cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(offers)
        .where(where),
    ),
  ]);
  return { rows: await withProjects(db, rows), ...total };
}

const acceptedBy = (professionalId: number) => and(eq(offers.professionalId, professionalId), eq(offers.status, 'Acceptée'), isNotNull(offers.projectId));

/** Tenders the professional accepted, newest acceptance first. */
export async function listAccepted(db: Executor, professionalId: number, page: { limit: number; offset: number }) {
  const where = acceptedBy(professionalId);
  const [rows, total] = await Promise.all([
    db.select(tenderColumns).from(offers).where(where).orderBy(desc(offers.answeredAt), desc(offers.id)).limit(page.limit).offset(page.offset),
    cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(offers)
        .where(where),
    ),
  ]);
  return { rows: await withProjects(db, rows), ...total };
}

/** All accepted tenders of a professional with their project (to group by client). */
export async function allAccepted(db: Executor, professionalId: number) {
  const rows = await db.select(tenderColumns).from(offers).where(acceptedBy(professionalId)).orderBy(desc(offers.answeredAt), desc(offers.id)).limit(5000);
  return withProjects(db, rows);
}

/**
 * The bell's list, a page at a time: a professional's sent tenders, or for the admin every tender;
 * available ones first, newest first in each part. Two statements that each walk an index (the
 * deadline's partial index, the primary key) instead of one that computed and sorted on
 * `isAvailable` every tender of the platform (decision 0962). A page falls in the first part, the
 * second or across both (decision 0967): the others are read only when the available ones do not
 * fill the page.
 */
/**
 * The bell list's statements, prepared (decision 0966) for one professional's tenders or every
 * tender (the admin's): the available part, the others, and the capped count.
 */
function bellStatements(db: Executor, mine: boolean) {
  const shape = mine ? 'mine' : 'all';
  const owner = mine ? and(eq(offers.professionalId, sql.placeholder('professionalId')), sql`${offers.status} <> 'Retirée'`) : undefined;
  const part = (available: boolean) =>
    prepared(db, `tenders_bell_${shape}_${available ? 'open' : 'rest'}`, (e) =>
      e
        .select({ offer: offers, status: effectiveStatus })
        .from(offers)
        .where(and(owner, available ? isAvailable : sql`not ${isAvailable}`))
        .orderBy(desc(offers.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    );
  return {
    open: part(true),
    rest: part(false),
    count: preparedCappedCount(db, `tenders_bell_${shape}_count`, (e) =>
      e
        .select({ one: sql`1` })
        .from(offers)
        .where(owner),
    ),
  };
}

export async function bellPage(db: Executor, professionalId: number | undefined, page: { limit: number; offset: number }) {
  const statements = bellStatements(db, professionalId !== undefined);
  const part = (statement: typeof statements.open, limit: number, offset: number) =>
    limit <= 0 ? Promise.resolve([]) : statement.execute({ professionalId, limit, offset });
  const [first, total] = await Promise.all([part(statements.open, page.limit, page.offset), statements.count({ professionalId })]);
  if (first.length === page.limit) return { rows: first, ...total };
  // The available part ends on this page: it held `page.offset + first.length` rows, unless the
  // page starts past it, where only its count places the page in the others.
  const available = first.length > 0 ? page.offset + first.length : (await availableSummary(db, professionalId)).count;
  const rest = await part(statements.rest, page.limit - first.length, Math.max(0, page.offset - available));
  return { rows: [...first, ...rest], ...total };
}

/** The bell's badge: how many tenders await an answer, and when the first of them expires. */
export async function availableSummary(db: Executor, professionalId?: number): Promise<{ count: number; nextDeadline: Date | null }> {
  // Prepared (decision 0966): every professional's screen asks for the bell's badge.
  const statement = prepared(db, professionalId === undefined ? 'tenders_available_all' : 'tenders_available_mine', (e) =>
    e
      .select({ n: count(), next: sql<string | Date | null>`min(${offers.replyDeadline})` })
      .from(offers)
      .where(professionalId === undefined ? isAvailable : and(eq(offers.professionalId, sql.placeholder('professionalId')), isAvailable)),
  );
  const [row] = await statement.execute({ professionalId });
  return { count: row.n, nextDeadline: row.next === null ? null : new Date(row.next) };
}

export interface AdminFilters {
  projectId?: number;
  professionalId?: number;
  projectIds?: number[];
  professionalIds?: number[];
  status?: TenderStatus;
}

/** Admin lists: the tenders of a page (project and professional are read by the service, once per page). */
export async function listAdmin(db: Executor, f: AdminFilters, page: { limit: number; offset: number }) {
  const conditions: SQL[] = [eq(offers.validation, '1'), isNotNull(offers.projectId)];
  if (f.projectId) conditions.push(eq(offers.projectId, f.projectId));
  if (f.professionalId) conditions.push(eq(offers.professionalId, f.professionalId));
  if (f.projectIds) conditions.push(inArray(offers.projectId, f.projectIds));
  if (f.professionalIds) conditions.push(inArray(offers.professionalId, f.professionalIds));
  if (f.status) conditions.push(statusIs(f.status));
  const where = and(...conditions);
  const order = [desc(offers.createdAt), desc(offers.id)];
  const pageIds = db
    .select({ id: offers.id })
    .from(offers)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const [rows, total] = await Promise.all([
    // The page's ids first (an index-only walk past the offset), then those rows (decision 0963).
    db
      .select(tenderColumns)
      .from(offers)
      .where(inArray(offers.id, pageIds))
      .orderBy(...order),
    cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(offers)
        .where(where),
    ),
  ]);
  return { rows: await withProjects(db, rows), ...total };
}

export async function tendersByIds(db: Executor, ids: number[]) {
  if (!ids.length) return [];
  return withProjects(db, await db.select(tenderColumns).from(offers).where(inArray(offers.id, ids)).orderBy(asc(offers.id)));
}

// ---------------------------------------------------------------------------------------------
// Sweep: persist what time decided
// ---------------------------------------------------------------------------------------------

/**
 * Persist `Expirée` for tenders past their deadline and `Clôturée` for tenders of closed projects.
 * Rows locked by an answer in progress are skipped (SKIP LOCKED): the answer decides, the next
 * sweep catches up, and the sweep never waits on (or deadlocks with) an answer.
 */
export async function sweep(db: Executor) {
  const expired = await db
    .update(offers)
    .set({ status: 'Expirée', closedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      inArray(
        offers.id,
        db
          .select({ id: offers.id })
          .from(offers)
          .where(and(eq(offers.status, 'Disponible'), sql`${offers.replyDeadline} <= now()`))
          .limit(1000)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: offers.id, professionalId: offers.professionalId });
  const closed = await db
    .update(offers)
    .set({ status: 'Clôturée', closedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      inArray(
        offers.id,
        db
          .select({ id: offers.id })
          .from(offers)
          .where(and(eq(offers.status, 'Disponible'), projectClosed))
          .limit(1000)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: offers.id, professionalId: offers.professionalId });
  return { expired, closed };
}

/** The sent tenders of a project (of one professional when given), for its timeline (decision 0830). */
export async function sentTendersOfProject(db: Executor, projectId: number, professionalId?: number) {
  return db
    .select({
      id: offers.id,
      professionalId: offers.professionalId,
      status: offers.status,
      replyDeadline: offers.replyDeadline,
      answeredAt: offers.answeredAt,
      closedAt: offers.closedAt,
      createdBy: offers.createdBy,
      createdAt: offers.createdAt,
      updatedAt: offers.updatedAt,
    })
    .from(offers)
    .where(
      and(eq(offers.projectId, projectId), eq(offers.validation, '1'), professionalId === undefined ? undefined : eq(offers.professionalId, professionalId)),
    )
    .orderBy(asc(offers.id));
}
