import type { SQL } from 'drizzle-orm';
import type { Executor } from '@ouvrage/db';

/**
 * The rows of one hand-written SQL statement (aggregates, lateral joins the query builder does not
 * express). The same on PGlite and node-postgres: select numbers as `::int` or `::float8` and
 * instants as epoch milliseconds (`ms(...)`), never as bigint or timestamptz, whose parsing differs.
 */
export async function sqlRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
