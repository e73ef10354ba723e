import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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

/**
 * An instant as ISO text in UTC to the microsecond (`2026-03-01T09:30:00.123456Z`): sorting these
 * texts sorts the instants as PostgreSQL does, where a JavaScript `Date` keeps only milliseconds.
 * The dashboard merges the owners' « documents to sign » in that order (decision 1190).
 */
export function instantText(at: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
