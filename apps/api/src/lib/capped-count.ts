import { sql, type SQLWrapper, type Subquery } from 'drizzle-orm';
import { LIST_COUNT_CAP } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import { sqlRows } from './sql-rows';

/** A list's count as the API answers it (`paginated` in the contracts). */
export interface ListTotal {
  total: number;
  total_capped: boolean;
}

/**
 * How many rows `rows` (a select of the list's filtered rows, any columns) would return, counting
 * at most LIST_COUNT_CAP + 1 of them (decision 0963): the count walks no more rows than the deepest
 * page the list serves, whatever the size of the table.
 */
export async function cappedCount(db: Executor, rows: SQLWrapper): Promise<ListTotal> {
  const [{ n }] = await sqlRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${rows} LIMIT ${LIST_COUNT_CAP + 1}) capped`);
  return capTotal(n);
}

/**
 * The same capped count as a query to prepare (decision 0966): `rows` is the list's filtered
 * select; its values may be placeholders.
 */
export function cappedCountQuery(executor: Executor, rows: { limit(limit: number): { as(alias: 'capped'): Subquery } }) {
  return executor.select({ n: sql<number>`count(*)::int` }).from(rows.limit(LIST_COUNT_CAP + 1).as('capped'));
}

/** A count already bounded by its query (or small by nature) in the answer's shape. */
export function capTotal(n: number): ListTotal {
  return { total: Math.min(n, LIST_COUNT_CAP), total_capped: n > LIST_COUNT_CAP };
}
