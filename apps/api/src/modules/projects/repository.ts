import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  biens,
  categories,
  categoryBiens,
  offers,
  projectActivity,
  projectDetails,
  projectFiles,
  projects,
  users,
  type Executor,
  type ProjectRow,
} from '@ouvrage/db';
import type { ProjectStage, ProjectState } from '@ouvrage/domain';

export type ProjectInsert = typeof projects.$inferInsert;
export type ProjectWithNames = ProjectRow & { categoryName: string; bienName: string };

const withNames = { project: projects, categoryName: categories.name, bienName: biens.name };

function flatten(r: { project: ProjectRow; categoryName: string; bienName: string }): ProjectWithNames {
  return { ...r.project, categoryName: r.categoryName, bienName: r.bienName };
}

/** A project as other modules see it: the row with its category (name, slug) and good's name. */
export interface ProjectForOthers {
  project: ProjectRow;
  categoryName: string;
  categorySlug: string;
  bienName: string;
}

/** Projects by id, in one query (a page of tenders reads its projects once). */
export async function projectsByIds(db: Executor, ids: number[]): Promise<ProjectForOthers[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  return db
    .select({ project: projects, categoryName: categories.name, categorySlug: categories.slug, bienName: biens.name })
    .from(projects)
    .innerJoin(categories, eq(categories.id, projects.categoryId))
    .innerJoin(biens, eq(biens.id, projects.bienId))
    .where(inArray(projects.id, unique));
}

/**
 * The state of the project a row points at, as an SQL expression other modules' queries may use
 * (the tender status computed in SQL depends on it) without joining our table themselves.
 */
export function projectStateOf(projectId: SQLWrapper): SQL<ProjectState | null> {
  return sql<ProjectState | null>`(select ${projects.state} from ${projects} where ${projects.id} = ${projectId})`;
}

/** Files of several projects (name, type, size), oldest first. */
export async function filesOfProjects(db: Executor, projectIds: number[]) {
  if (projectIds.length === 0) return [];
  return db
    .select({ id: projectFiles.id, projectId: projectFiles.projectId, name: projectFiles.originalName, mimeType: projectFiles.mimeType, sizeBytes: projectFiles.sizeBytes })
    .from(projectFiles)
    .where(inArray(projectFiles.projectId, [...new Set(projectIds)]))
    .orderBy(asc(projectFiles.id));
}

export async function insertProject(db: Executor, values: ProjectInsert): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  return row;
}

export async function updateProject(db: Executor, id: number, values: Partial<ProjectInsert>): Promise<ProjectRow> {
  const [row] = await db.update(projects).set({ ...values, updatedAt: new Date() }).where(eq(projects.id, id)).returning();
  return row;
}

/** The project row, locked for update when inside a transaction that changes it. */
export async function lockProject(db: Executor, id: number): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).for('update');
  return row;
}

export async function findProject(db: Executor, id: number): Promise<ProjectWithNames | undefined> {
  const [row] = await db
    .select(withNames)
    .from(projects)
    .innerJoin(categories, eq(categories.id, projects.categoryId))
    .innerJoin(biens, eq(biens.id, projects.bienId))
    .where(eq(projects.id, id));
  return row ? flatten(row) : undefined;
}

/** Owners of a project: its client, and professionals whose tender on it was accepted. */
export async function ownersOfProject(db: Executor, id: number): Promise<number[] | null> {
  const [row] = await db.select({ clientId: projects.clientId }).from(projects).where(eq(projects.id, id));
  if (!row) return null;
  const pros = await db
    .select({ id: offers.professionalId })
    .from(offers)
    .where(and(eq(offers.projectId, id), eq(offers.status, 'Acceptée')));
  return [row.clientId, ...pros.map((p) => p.id)];
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

function whereOf(f: ListFilters): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    f.clientId === undefined ? undefined : eq(projects.clientId, f.clientId),
    f.state ? eq(projects.state, f.state) : undefined,
    f.stage ? eq(projects.stage, f.stage) : undefined,
    f.categoryId === undefined ? undefined : eq(projects.categoryId, f.categoryId),
    f.departement ? eq(projects.departement, f.departement) : undefined,
    f.from ? gte(projects.createdAt, f.from) : undefined,
    f.to ? lt(projects.createdAt, f.to) : undefined,
  ];
  if (f.q?.length) {
    // Terms are [a-z0-9] only (normalized by the service): each must start a word of the index.
    const query = f.q.map((t) => `${t}:*`).join(' & ');
    const text = sql`to_tsvector('simple', ${projects.searchText}) @@ to_tsquery('simple', ${query})`;
    conditions.push(f.qId ? or(text, eq(projects.id, f.qId)) : text);
  }
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? and(...present) : undefined;
}

export async function listProjects(db: Executor, filters: ListFilters, page: { limit: number; offset: number }) {
  const where = whereOf(filters);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(withNames)
      .from(projects)
      .innerJoin(categories, eq(categories.id, projects.categoryId))
      .innerJoin(biens, eq(biens.id, projects.bienId))
      .where(where)
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(projects).where(where),
  ]);
  return { rows: rows.map(flatten), total };
}

const actor = alias(users, 'actor');
const actorName = sql<string | null>`nullif(trim(${actor.firstname} || ' ' || ${actor.lastname}), '')`;

export async function listActivity(db: Executor, projectId: number) {
  return db
    .select({ row: projectActivity, actorName })
    .from(projectActivity)
    .leftJoin(actor, eq(actor.id, projectActivity.actorId))
    .where(eq(projectActivity.projectId, projectId))
    .orderBy(desc(projectActivity.id));
}

export async function listDetails(db: Executor, projectId: number) {
  return db
    .select({ row: projectDetails, actorName })
    .from(projectDetails)
    .leftJoin(actor, eq(actor.id, projectDetails.authorId))
    .where(eq(projectDetails.projectId, projectId))
    .orderBy(asc(projectDetails.id));
}

export async function listFiles(db: Executor, projectId: number) {
  return db
    .select({ row: projectFiles, actorName })
    .from(projectFiles)
    .leftJoin(actor, eq(actor.id, projectFiles.uploadedBy))
    .where(eq(projectFiles.projectId, projectId))
    .orderBy(asc(projectFiles.id));
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

export async function findCategoryAndBien(db: Executor, categoryId: number, bienId: number) {
  const [category] = await db.select().from(categories).where(eq(categories.id, categoryId));
  const [bien] = await db.select().from(biens).where(eq(biens.id, bienId));
  return { category, bien };
}

export async function categoryHasBien(db: Executor, categoryId: number, bienId: number): Promise<boolean> {
  const rows = await db
    .select({ bienId: categoryBiens.bienId })
    .from(categoryBiens)
    .where(and(eq(categoryBiens.categoryId, categoryId), eq(categoryBiens.bienId, bienId)));
  return rows.length > 0;
}

/** The client's projects, locked: their account is being anonymised. */
export async function lockProjectsOfClient(db: Executor, clientId: number): Promise<ProjectRow[]> {
  return db.select().from(projects).where(eq(projects.clientId, clientId)).for('update');
}

export async function clientHasProjects(db: Executor, clientId: number): Promise<boolean> {
  const rows = await db.select({ id: projects.id }).from(projects).where(eq(projects.clientId, clientId)).limit(1);
  return rows.length > 0;
}
