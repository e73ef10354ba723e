import { desc, eq, sql } from 'drizzle-orm';
import { projects, type Executor, type ProjectRow } from '@ouvrage/db';
import { categoryAndBienNames } from '../catalog';

/**
 * The client dashboard's projects widget (decision 0811): one query on `projects` — the latest
 * projects and how many there are — then the catalogue's names in one call (as every project list).
 */
export async function clientProjectsOverview(db: Executor, clientId: number, limit: number) {
  const rows = await db
    .select({ project: projects, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(projects)
    .where(eq(projects.clientId, clientId))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(limit);
  const list: ProjectRow[] = rows.map((r) => r.project);
  const names = await categoryAndBienNames(db, { categoryIds: list.map((p) => p.categoryId), bienIds: list.map((p) => p.bienId) });
  return {
    total: rows[0]?.total ?? 0,
    items: list.map((p) => ({ project: p, categoryName: names.categories.get(p.categoryId)?.name ?? '', bienName: names.biens.get(p.bienId)?.name ?? '' })),
  };
}
