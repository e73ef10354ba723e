import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { projectActivity, projectDetails, projectFiles, projects, type Executor, type ProjectRow } from '@ouvrage/db';
import { CLIENT_TYPES, CLOSED_PROJECT_STATES, type ClientType, type ProjectStage, type ProjectState } from '@ouvrage/domain';
import { categoryAndBienNames, categoryHasBien as catalogHasBien, findBien, findCategory } from '../catalog';
import { findUsers } from '../users';
import { preparedCappedCount, searchedPage } from '../../lib/capped-count';
import { searchVectorOf, wordStartsQuery } from '../../lib/search-vector';
import { byPlaceholder, byValue, prepared, shapeOf, type Bind } from '../../lib/prepared';

export type ProjectInsert = typeof projects.$inferInsert;
export type ProjectWithNames = ProjectRow & { categoryName: string; bienName: string };

/** A project as other modules see it: the row with its category (name, slug) and good's name. */
export interface ProjectForOthers {
  project: ProjectRow;
  categoryName: string;
  categorySlug: string;
  bienName: string;
}

/**
 * The catalogue's names of the projects' categories and goods, in one call to the catalog module
 * (docs/decisions/0450) whatever the number of rows. Projects reference both with `on delete
 * restrict`, so a name is always found; a missing one is a broken invariant, not a user error.
 */
async function namesOf<Row extends Pick<ProjectRow, 'id' | 'categoryId' | 'bienId'>>(db: Executor, rows: Row[]) {
  const names = await categoryAndBienNames(db, { categoryIds: rows.map((p) => p.categoryId), bienIds: rows.map((p) => p.bienId) });
  return rows.map((project) => {
    const category = names.categories.get(project.categoryId);
    const bien = names.biens.get(project.bienId);
    if (!category || !bien) throw new Error(`Catégorie ou bien introuvable pour le projet ${project.id}`);
    return { project, category, bien };
  });
}

async function withNames<Row extends Pick<ProjectRow, 'id' | 'categoryId' | 'bienId'>>(
  db: Executor,
  rows: Row[],
): Promise<Array<Row & { categoryName: string; bienName: string }>> {
  return (await namesOf(db, rows)).map(({ project, category, bien }) => ({ ...project, categoryName: category.name, bienName: bien.name }));
}

/**
 * What a list of projects prints (decision 0976): a page of 20 reads no description, address or
 * dates it does not show.
 */
const summaryColumns = {
  id: projects.id,
  clientId: projects.clientId,
  typeClient: projects.typeClient,
  companyName: projects.companyName,
  firstname: projects.firstname,
  lastname: projects.lastname,
  email: projects.email,
  support: projects.support,
  categoryId: projects.categoryId,
  bienId: projects.bienId,
  city: projects.city,
  postcode: projects.postcode,
  departement: projects.departement,
  budget: projects.budget,
  state: projects.state,
  stage: projects.stage,
  createdAt: projects.createdAt,
};
export type ProjectSummaryRow = SelectResultFields<typeof summaryColumns> & { categoryName: string; bienName: string };

/** Projects by id, in one query and one call to the catalog (a page of tenders reads its projects once). */
export async function projectsByIds(db: Executor, ids: number[]): Promise<ProjectForOthers[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await prepared(db, 'projects_by_ids', (e) =>
    e
      .select()
      .from(projects)
      .where(sql`${projects.id} = ANY(${sql.placeholder('ids')})`),
  ).execute({ ids: unique });
  return (await namesOf(db, rows)).map(({ project, category, bien }) => ({
    project,
    categoryName: category.name,
    categorySlug: category.slug,
    bienName: bien.name,
  }));
}

/** What other modules' lists print of a project (decision 0976): its place and its catalogue names. */
export interface ProjectLabel {
  id: number;
  city: string;
  categoryName: string;
  bienName: string;
  /** Its state (a cancelled project ends its professionals' conversations, decision 1230). */
  state: ProjectState;
}

/** Projects' labels by id: a narrow read (a list's page needs no description or address). */
export async function projectLabelsByIds(db: Executor, ids: number[]): Promise<ProjectLabel[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await prepared(db, 'project_labels_by_ids', (e) =>
    e
      .select({ id: projects.id, city: projects.city, categoryId: projects.categoryId, bienId: projects.bienId, state: projects.state })
      .from(projects)
      .where(sql`${projects.id} = ANY(${sql.placeholder('ids')})`),
  ).execute({ ids: unique });
  return (await namesOf(db, rows)).map(({ project, category, bien }) => ({
    id: project.id,
    city: project.city,
    categoryName: category.name,
    bienName: bien.name,
    state: project.state,
  }));
}

/**
 * Whether the project a row points at is finished or cancelled (`CLOSED_PROJECT_STATES`; false
 * when there is none), as an SQL condition other modules' queries may use (the tender status
 * computed in SQL depends on it) without joining our table themselves. An `EXISTS` on the partial
 * index of closed projects (migration 0030): a probe of that index alone, where reading the
 * project's state fetched its row (decision 0967).
 */
export function projectClosedOf(projectId: SQLWrapper): SQL<boolean> {
  const closed = sql.join(
    CLOSED_PROJECT_STATES.map((state) => sql.raw(`'${state}'`)),
    sql`, `,
  );
  return sql<boolean>`exists (select 1 from ${projects} where ${projects.id} = ${projectId} and ${projects.state} in (${closed}))`;
}

/** Files of several projects (name, type, size), oldest first. */
export async function filesOfProjects(db: Executor, projectIds: number[]) {
  if (projectIds.length === 0) return [];
  return db
    .select({
      id: projectFiles.id,
      projectId: projectFiles.projectId,
      name: projectFiles.originalName,
      mimeType: projectFiles.mimeType,
      sizeBytes: projectFiles.sizeBytes,
    })
    .from(projectFiles)
    .where(inArray(projectFiles.projectId, [...new Set(projectIds)]))
    .orderBy(asc(projectFiles.id));
}

/**
 * Project files for the documents area (decision 0681), newest first, at most `limit`: of a
 * client's projects, of the given projects, or of every project (no scope: admin).
 */
export async function recentProjectFiles(db: Executor, scope: { clientId?: number; projectIds?: number[] }, limit: number) {
  if (scope.projectIds && scope.projectIds.length === 0) return [];
  const where = and(
    scope.clientId === undefined ? undefined : eq(projects.clientId, scope.clientId),
    scope.projectIds ? inArray(projectFiles.projectId, scope.projectIds) : undefined,
  );
  return db
    .select({
      id: projectFiles.id,
      projectId: projectFiles.projectId,
      name: projectFiles.originalName,
      mimeType: projectFiles.mimeType,
      createdAt: projectFiles.createdAt,
    })
    .from(projectFiles)
    .innerJoin(projects, eq(projects.id, projectFiles.projectId))
    .where(where)
    .orderBy(desc(projectFiles.createdAt), desc(projectFiles.id))
    .limit(limit);
}

export async function insertProject(db: Executor, values: ProjectInsert): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  return row;
}

export async function updateProject(db: Executor, id: number, values: Partial<ProjectInsert>): Promise<ProjectRow> {
  const [row] = await db
    .update(projects)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(projects.id, id))
    .returning();
  return row;
}

/** The project row, locked for update when inside a transaction that changes it. */
export async function lockProject(db: Executor, id: number): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).for('update');
  return row;
}

export async function findProject(db: Executor, id: number): Promise<ProjectWithNames | undefined> {
  const [row] = await prepared(db, 'projects_by_id', (e) =>
    e
      .select()
      .from(projects)
      .where(eq(projects.id, sql.placeholder('id'))),
  ).execute({ id });
  return row ? (await withNames(db, [row]))[0] : undefined;
}

/** The project's client, or null when the project does not exist (other owners: participants.ts). */
export async function clientOfProject(db: Executor, id: number): Promise<number | null> {
  const statement = prepared(db, 'projects_client_of', (e) =>
    e
      .select({ clientId: projects.clientId })
      .from(projects)
      .where(eq(projects.id, sql.placeholder('id'))),
  );
  const [row] = await statement.execute({ id });
  return row?.clientId ?? null;
}

export async function projectOfFile(db: Executor, fileId: number): Promise<number | null> {
  const [row] = await db.select({ projectId: projectFiles.projectId }).from(projectFiles).where(eq(projectFiles.id, fileId));
  return row?.projectId ?? null;
}

export interface ListFilters {
  clientId?: number;
  q?: string[];
  qId?: number;
  state?: ProjectState;
  stage?: ProjectStage;
  categoryId?: number;
  departement?: string;
  from?: Date;
  to?: Date;
}

function whereOf(f: ListFilters, bind: Bind = byValue): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    f.clientId === undefined ? undefined : eq(projects.clientId, bind('clientId', f.clientId)),
    f.state ? eq(projects.state, bind('state', f.state)) : undefined,
    f.stage ? eq(projects.stage, bind('stage', f.stage)) : undefined,
    f.categoryId === undefined ? undefined : eq(projects.categoryId, bind('categoryId', f.categoryId)),
    f.departement ? eq(projects.departement, bind('departement', f.departement)) : undefined,
    f.from ? gte(projects.createdAt, bind('from', f.from)) : undefined,
    f.to ? lt(projects.createdAt, bind('to', f.to)) : undefined,
  ];
  if (f.q?.length) {
    // Terms are [a-z0-9] only (normalized by the service): each must start a word of the index.
    const text = sql`${searchVectorOf(projects)} @@ to_tsquery('simple', ${bind('q', wordStartsQuery(f.q))})`;
    conditions.push(f.qId ? or(text, eq(projects.id, bind('qId', f.qId))) : text);
  }
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? and(...present) : undefined;
}

/**
 * A list's statements for one combination of filters, prepared (decision 0966): the values are
 * placeholders, so the SQL depends only on which filters are present.
 */
function listStatements(db: Executor, filters: ListFilters) {
  const shape = shapeOf(filters);
  const where = whereOf(filters, byPlaceholder);
  const order = [desc(projects.createdAt), desc(projects.id)];
  // A search's best plan depends on its words (decision 0980).
  const planPerValue = Boolean(filters.q?.length);
  return {
    rows: prepared(
      db,
      `projects_list_${shape}`,
      (e) => {
        // The page's ids first (an index-only walk past the offset), then those rows (decision 0963).
        const pageIds = e
          .select({ id: projects.id })
          .from(projects)
          .where(where)
          .orderBy(...order)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'));
        return e
          .select(summaryColumns)
          .from(projects)
          .where(inArray(projects.id, pageIds))
          .orderBy(...order);
      },
      { planPerValue },
    ),
    count: preparedCappedCount(
      db,
      `projects_count_${shape}`,
      (e) =>
        e
          .select({ one: sql`1` })
          .from(projects)
          .where(where),
      { planPerValue },
    ),
  };
}

export async function listProjects(db: Executor, filters: ListFilters, page: { limit: number; offset: number }) {
  // Filters (category by id, search on our own index) and order need no catalogue column: the
  // names are read for the page only, in one call to the catalog.
  const statements = listStatements(db, filters);
  const values = { ...filters, q: filters.q?.length ? wordStartsQuery(filters.q) : undefined };
  const pageRows = () => statements.rows.execute({ ...values, limit: page.limit, offset: page.offset });
  const total = (estimated?: number) => statements.count(values, estimated);
  const { rows, ...counted } = filters.q?.length
    ? await searchedPage(
        db,
        page,
        pageRows,
        total,
        db
          .select({ one: sql`1` })
          .from(projects)
          .where(whereOf(filters)),
      )
    : await Promise.all([pageRows(), total()]).then(([found, t]) => ({ rows: found, ...t }));
  return { rows: await withNames(db, rows), ...counted };
}

/**
 * Display names of the history's authors, in one call to the users module: « Prénom Nom »,
 * trimmed of spaces, null when empty or when the account no longer exists (authors are `on delete
 * set null`, so a null id is null too).
 */
export async function authorNames(db: Executor, ids: Array<number | null>): Promise<Map<number, string | null>> {
  const users = await findUsers(db, [...new Set(ids.filter((id): id is number => id !== null))]);
  return new Map(users.map((u) => [u.id, `${u.firstname} ${u.lastname}`.replace(/^ +| +$/g, '') || null]));
}

// The project screen's three lists, prepared (decision 0966).
export async function listActivity(db: Executor, projectId: number) {
  const statement = prepared(db, 'projects_activity', (e) =>
    e
      .select()
      .from(projectActivity)
      .where(eq(projectActivity.projectId, sql.placeholder('projectId')))
      .orderBy(desc(projectActivity.id)),
  );
  return statement.execute({ projectId });
}

export async function listDetails(db: Executor, projectId: number) {
  const statement = prepared(db, 'projects_details', (e) =>
    e
      .select()
      .from(projectDetails)
      .where(eq(projectDetails.projectId, sql.placeholder('projectId')))
      .orderBy(asc(projectDetails.id)),
  );
  return statement.execute({ projectId });
}

export async function listFiles(db: Executor, projectId: number) {
  const statement = prepared(db, 'projects_files', (e) =>
    e
      .select()
      .from(projectFiles)
      .where(eq(projectFiles.projectId, sql.placeholder('projectId')))
      .orderBy(asc(projectFiles.id)),
  );
  return statement.execute({ projectId });
}

export async function insertActivity(db: Executor, values: typeof projectActivity.$inferInsert) {
  await db.insert(projectActivity).values(values);
}

export async function insertDetail(db: Executor, values: typeof projectDetails.$inferInsert) {
  const [row] = await db.insert(projectDetails).values(values).returning();
  return row;
}

export async function insertFile(db: Executor, values: typeof projectFiles.$inferInsert) {
  const [row] = await db.insert(projectFiles).values(values).returning();
  return row;
}

export async function findFile(db: Executor, id: number) {
  const [row] = await db.select().from(projectFiles).where(eq(projectFiles.id, id));
  return row;
}

export async function fileKeysOfProject(db: Executor, projectId: number): Promise<string[]> {
  return (await db.select({ key: projectFiles.storageKey }).from(projectFiles).where(eq(projectFiles.projectId, projectId))).map((r) => r.key);
}

export async function deleteProject(db: Executor, id: number) {
  await db.delete(projects).where(eq(projects.id, id));
}

/** The chosen category and good, read from the catalog module (their own tables). */
export async function findCategoryAndBien(db: Executor, categoryId: number, bienId: number) {
  const category = await findCategory(db, categoryId);
  const bien = await findBien(db, bienId);
  return { category, bien };
}

export async function categoryHasBien(db: Executor, categoryId: number, bienId: number): Promise<boolean> {
  return catalogHasBien(db, categoryId, bienId);
}

/** The client's projects, locked: their account is being anonymised. */
export async function lockProjectsOfClient(db: Executor, clientId: number): Promise<ProjectRow[]> {
  return db.select().from(projects).where(eq(projects.clientId, clientId)).for('update');
}

export async function clientHasProjects(db: Executor, clientId: number): Promise<boolean> {
  const rows = await db.select({ id: projects.id }).from(projects).where(eq(projects.clientId, clientId)).limit(1);
  return rows.length > 0;
}

/** How many projects name each category or good (0 for none): registered with the catalogue (decision 1190). */
export async function catalogProjectCounts(db: Executor, column: 'category' | 'bien', ids: number[]): Promise<Map<number, number>> {
  const map = new Map<number, number>(ids.map((id) => [id, 0]));
  if (!ids.length) return map;
  const col = column === 'category' ? projects.categoryId : projects.bienId;
  const rows = await db.select({ id: col, n: count() }).from(projects).where(inArray(col, ids)).groupBy(col);
  for (const r of rows) map.set(r.id, r.n);
  return map;
}

/** A client's type, company and SIRET as given with their latest project (null without one). */
export async function latestRequestOfClient(
  db: Executor,
  clientId: number,
): Promise<{ type_client: ClientType; company_name: string | null; siret: string | null } | null> {
  const [row] = await db
    .select({ typeClient: projects.typeClient, companyName: projects.companyName, siret: projects.siret })
    .from(projects)
    .where(eq(projects.clientId, clientId))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(1);
  if (!row || !(CLIENT_TYPES as readonly string[]).includes(row.typeClient)) return null;
  const entreprise = row.typeClient === 'entreprise';
  return { type_client: row.typeClient as ClientType, company_name: entreprise ? row.companyName : null, siret: entreprise ? row.siret : null };
}

/** Each client's company, from their latest project submitted as an entreprise. */
export async function companyNamesOfClients(db: Executor, clientIds: number[]): Promise<Map<number, string>> {
  if (!clientIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([projects.clientId], { clientId: projects.clientId, name: projects.companyName })
    .from(projects)
    .where(and(inArray(projects.clientId, clientIds), eq(projects.typeClient, 'entreprise'), sql`coalesce(${projects.companyName}, '') <> ''`))
    .orderBy(projects.clientId, desc(projects.createdAt), desc(projects.id));
  return new Map(rows.map((r) => [r.clientId, r.name ?? '']));
}

/**
 * Ids of the projects a search names (words of the client's name, city, category… as the admin's
 * project search; or the project's number), for other modules' filters. At most `limit`.
 */
export async function searchProjectIds(db: Executor, terms: string[], qId: number | undefined, limit = 500): Promise<number[]> {
  if (!terms.length && qId === undefined) return [];
  const where = terms.length ? whereOf({ q: terms, qId }) : eq(projects.id, qId!);
  const rows = await db.select({ id: projects.id }).from(projects).where(where).limit(limit);
  return rows.map((r) => r.id);
}
