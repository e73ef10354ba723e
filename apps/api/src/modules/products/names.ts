import { inArray } from 'drizzle-orm';
import { products, type Executor } from '@ouvrage/db';

/** Products' names by id (the price references match a line to its catalogue product, decision 1240). */
export async function productNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
