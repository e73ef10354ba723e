import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { biens, categories, categoryBiens, type Executor } from '@ouvrage/db';
import { cappedCount } from '../../lib/capped-count';
import { prepared } from '../../lib/prepared';

export type CategoryRow = typeof categories.$inferSelect;
export type BienRow = typeof biens.$inferSelect;

export async function listCategories(db: Executor, opts: { active?: boolean; limit: number; offset: number }) {
  const where = opts.active === undefined ? undefined : eq(categories.active, opts.active);
  const [rows, total] = await Promise.all([
    db.select().from(categories).where(where).orderBy(asc(categories.position), asc(categories.id)).limit(opts.limit).offset(opts.offset),
    cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(categories)
        .where(where),
    ),
  ]);
  return { rows, ...total };
}

export async function listBiens(db: Executor, opts: { active?: boolean; categoryId?: number; limit: number; offset: number }) {
  const conditions = [
    opts.active === undefined ? undefined : eq(biens.active, opts.active),
    opts.categoryId === undefined
      ? undefined
      : inArray(biens.id, db.select({ id: categoryBiens.bienId }).from(categoryBiens).where(eq(categoryBiens.categoryId, opts.categoryId))),
  ].filter(Boolean);
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, total] = await Promise.all([
    db.select().from(biens).where(where).orderBy(asc(biens.position), asc(biens.id)).limit(opts.limit).offset(opts.offset),
    cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(biens)
        .where(where),
    ),
  ]);
  return { rows, ...total };
}

export async function linksOfCategories(db: Executor, ids: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (!ids.length) return map;
  const rows = await db.select().from(categoryBiens).where(inArray(categoryBiens.categoryId, ids)).orderBy(asc(categoryBiens.bienId));
  for (const r of rows) map.get(r.categoryId)?.push(r.bienId);
  return map;
}

export async function linksOfBiens(db: Executor, ids: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (!ids.length) return map;
  const rows = await db.select().from(categoryBiens).where(inArray(categoryBiens.bienId, ids)).orderBy(asc(categoryBiens.categoryId));
  for (const r of rows) map.get(r.bienId)?.push(r.categoryId);
  return map;
}

/** A category's or a good's name and slug, as other modules show them. */
export interface CatalogName {
  name: string;
  slug: string;
}

/**
 * Names and slugs of categories and goods by id, one query per table (none for an empty list):
 * a page of projects or tenders reads its names once. Unknown ids are absent from the maps.
 */
export async function categoryAndBienNames(
  db: Executor,
  ids: { categoryIds: Iterable<number>; bienIds: Iterable<number> },
): Promise<{ categories: Map<number, CatalogName>; biens: Map<number, CatalogName> }> {
  const categoryIds = [...new Set(ids.categoryIds)];
  const bienIds = [...new Set(ids.bienIds)];
  if (categoryIds.length === 0 && bienIds.length === 0) return { categories: new Map(), biens: new Map() };
  // One statement for both (one round trip on every list and project screen), prepared (0966).
  const names = prepared(db, 'catalog_names', (e) =>
    e
      .select({ kind: sql<'c' | 'b'>`'c'`.as('kind'), id: categories.id, name: categories.name, slug: categories.slug })
      .from(categories)
      .where(sql`${categories.id} = ANY(${sql.placeholder('categoryIds')})`)
      .unionAll(
        e
          .select({ kind: sql<'c' | 'b'>`'b'`.as('kind'), id: biens.id, name: biens.name, slug: biens.slug })
          .from(biens)
          .where(sql`${biens.id} = ANY(${sql.placeholder('bienIds')})`),
      ),
  );
  const rows = await names.execute({ categoryIds, bienIds });
  const byKind = (kind: 'c' | 'b') => new Map(rows.filter((r) => r.kind === kind).map((r) => [r.id, { name: r.name, slug: r.slug }]));
  return { categories: byKind('c'), biens: byKind('b') };
}

/** Every category and good, active or not, with the texts users read (names, descriptions, translations). */
export async function allCatalogLabels(db: Executor) {
  const columns = (t: typeof categories | typeof biens) => ({ id: t.id, slug: t.slug, name: t.name, description: t.description, translations: t.translations });
  // One after the other: the executor may be a transaction (one connection).
  const categoryRows = await db.select(columns(categories)).from(categories).orderBy(asc(categories.position), asc(categories.id));
  const bienRows = await db.select(columns(biens)).from(biens).orderBy(asc(biens.position), asc(biens.id));
  return { categories: categoryRows, biens: bienRows };
}

/** Those of `ids` that are categories (a professional's preferences name only existing ones). */
export async function existingCategoryIds(db: Executor, ids: number[]) {
  if (!ids.length) return [];
  return (await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids))).map((r) => r.id);
}

/** Those of `ids` that are goods. */
export async function existingBienIds(db: Executor, ids: number[]) {
  if (!ids.length) return [];
  return (await db.select({ id: biens.id }).from(biens).where(inArray(biens.id, ids))).map((r) => r.id);
}

export async function findCategory(db: Executor, id: number) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  return row;
}

export async function findBien(db: Executor, id: number) {
  const [row] = await db.select().from(biens).where(eq(biens.id, id));
  return row;
}

export async function categoryNameTaken(db: Executor, name: string, exceptId?: number) {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(sql`lower(${categories.name}) = lower(${name})`, exceptId ? ne(categories.id, exceptId) : undefined));
  return rows.length > 0;
}

export async function bienNameTaken(db: Executor, name: string, exceptId?: number) {
  const rows = await db
    .select({ id: biens.id })
    .from(biens)
    .where(and(sql`lower(${biens.name}) = lower(${name})`, exceptId ? ne(biens.id, exceptId) : undefined));
  return rows.length > 0;
}

export async function slugTaken(db: Executor, table: 'categories' | 'biens', slug: string) {
  const t = table === 'categories' ? categories : biens;
  const rows = await db.select({ id: t.id }).from(t).where(eq(t.slug, slug));
  return rows.length > 0;
}

export async function existingIds(db: Executor, table: 'categories' | 'biens', ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const t = table === 'categories' ? categories : biens;
  return (await db.select({ id: t.id }).from(t).where(inArray(t.id, ids))).map((r) => r.id);
}

export async function insertCategory(db: Executor, values: typeof categories.$inferInsert) {
  const [row] = await db.insert(categories).values(values).returning();
  return row;
}

export async function updateCategory(db: Executor, id: number, values: Partial<typeof categories.$inferInsert>) {
  const [row] = await db
    .update(categories)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(categories.id, id))
    .returning();
  return row;
}

export async function insertBien(db: Executor, values: typeof biens.$inferInsert) {
  const [row] = await db.insert(biens).values(values).returning();
  return row;
}

export async function updateBien(db: Executor, id: number, values: Partial<typeof biens.$inferInsert>) {
  const [row] = await db
    .update(biens)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(biens.id, id))
    .returning();
  return row;
}

export async function replaceCategoryLinks(db: Executor, categoryId: number, bienIds: number[]) {
  await db.delete(categoryBiens).where(eq(categoryBiens.categoryId, categoryId));
  if (bienIds.length) await db.insert(categoryBiens).values(bienIds.map((bienId) => ({ categoryId, bienId })));
}

export async function replaceBienLinks(db: Executor, bienId: number, categoryIds: number[]) {
  await db.delete(categoryBiens).where(eq(categoryBiens.bienId, bienId));
  if (categoryIds.length) await db.insert(categoryBiens).values(categoryIds.map((categoryId) => ({ categoryId, bienId })));
}

export async function deleteCategory(db: Executor, id: number) {
  await db.delete(categories).where(eq(categories.id, id));
}

export async function deleteBien(db: Executor, id: number) {
  await db.delete(biens).where(eq(biens.id, id));
}

/** Active goods of an active category, for the journey. */
export async function activeBiensOfCategory(db: Executor, categoryId: number) {
  return db
    .select({ bien: biens })
    .from(categoryBiens)
    .innerJoin(biens, eq(biens.id, categoryBiens.bienId))
    .where(and(eq(categoryBiens.categoryId, categoryId), eq(biens.active, true)))
    .orderBy(asc(biens.position), asc(biens.id));
}

/** Of these categories, those that offer at least one active good (the journey shows only them). */
export async function categoriesWithActiveBiens(db: Executor, categoryIds: number[]): Promise<Set<number>> {
  if (!categoryIds.length) return new Set();
  const rows = await db
    .selectDistinct({ id: categoryBiens.categoryId })
    .from(categoryBiens)
    .innerJoin(biens, eq(biens.id, categoryBiens.bienId))
    .where(and(inArray(categoryBiens.categoryId, categoryIds), eq(biens.active, true)));
  return new Set(rows.map((r) => r.id));
}

/** How many of these goods are active. */
export async function countActiveBiens(db: Executor, bienIds: number[]): Promise<number> {
  if (!bienIds.length) return 0;
  const [{ n }] = await db
    .select({ n: count() })
    .from(biens)
    .where(and(inArray(biens.id, bienIds), eq(biens.active, true)));
  return n;
}

export async function isLinked(db: Executor, categoryId: number, bienId: number) {
  const rows = await db
    .select()
    .from(categoryBiens)
    .where(and(eq(categoryBiens.categoryId, categoryId), eq(categoryBiens.bienId, bienId)));
  return rows.length > 0;
}
