import { and, asc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { products, type Executor } from '@ouvrage/db';
import { cappedCount } from '../../lib/capped-count';

export type ProductRow = typeof products.$inferSelect;
export type ProductInsert = typeof products.$inferInsert;

export interface ProductFilter {
  /** `mine-and-platform`: an architect's own products and the platform's; `all`: every product (admin). */
  scope: { kind: 'mine-and-platform'; ownerId: number } | { kind: 'all' };
  search?: string;
  lot?: string;
  archived: boolean;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function whereOf(f: ProductFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    f.scope.kind === 'mine-and-platform' ? or(eq(products.ownerId, f.scope.ownerId), isNull(products.ownerId)) : undefined,
    f.archived ? undefined : isNull(products.archivedAt),
    f.lot ? eq(products.lot, f.lot) : undefined,
  ];
  if (f.search) {
    const pattern = `%${escapeLike(f.search)}%`;
    conditions.push(or(ilike(products.name, pattern), ilike(products.reference, pattern)));
  }
  return and(...conditions.filter((c): c is SQL => c !== undefined));
}

export async function listProducts(db: Executor, filter: ProductFilter, page?: { limit: number; offset: number }) {
  const where = whereOf(filter);
  const query = db
    .select()
    .from(products)
    .where(where)
    .orderBy(asc(products.lot), sql`lower(${products.name})`, asc(products.id));
  const [rows, total] = await Promise.all([
    page ? query.limit(page.limit).offset(page.offset) : query,
    cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(products)
        .where(where),
    ),
  ]);
  return { rows, ...total };
}

export async function findProduct(db: Executor, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}

/** Owner ids of a product for access control: `[]` for a platform product, null when unknown. */
export async function ownersOfProduct(db: Executor, id: number): Promise<number[] | null> {
  const [row] = await db.select({ ownerId: products.ownerId }).from(products).where(eq(products.id, id));
  if (!row) return null;
  return row.ownerId === null ? [] : [row.ownerId];
}

export async function insertProducts(db: Executor, values: ProductInsert[]): Promise<ProductRow[]> {
  if (!values.length) return [];
  return db.insert(products).values(values).returning();
}

export async function updateProduct(db: Executor, id: number, values: Partial<ProductInsert>): Promise<ProductRow | undefined> {
  const [row] = await db.update(products).set(values).where(eq(products.id, id)).returning();
  return row;
}

export async function deleteProduct(db: Executor, id: number): Promise<void> {
  await db.delete(products).where(eq(products.id, id));
}

export async function ownsAnyProduct(db: Executor, userId: number): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).where(eq(products.ownerId, userId)).limit(1);
  return rows.length > 0;
}

/** The product row, locked for a delete that asks the registered uses first. */
export async function lockProduct(db: Executor, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).for('update');
  return row;
}
