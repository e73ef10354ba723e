import { inArray } from 'drizzle-orm';
import { projects, type Executor } from '@ouvrage/db';

/** Projects' départements by id (the price references' zones, decision 1240). */
export async function projectDepartements(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: projects.id, departement: projects.departement }).from(projects).where(inArray(projects.id, unique));
  return new Map(rows.map((r) => [r.id, r.departement]));
}
