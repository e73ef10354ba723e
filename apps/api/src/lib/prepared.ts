import { createHash } from 'node:crypto';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '@ouvrage/db';

const statements = new WeakMap<object, Map<string, unknown>>();

/**
 * A read that runs on most screens, as a prepared statement built once per database (decision
 * 0966): Drizzle does not build its SQL again, and PostgreSQL keeps it parsed on each connection.
 * `build` must use `sql.placeholder(...)` for every value. Inside a transaction the statement is
 * built for that transaction's connection, as an ordinary query would be.
 *
 * PostgreSQL may then plan it once for any value (a generic plan, when it costs no more than the
 * plans for the values seen first): most of a simple read's time was its planning (decision 0980).
 * `planPerValue` is for a statement whose best plan depends on its values (words searched: a
 * rare word and a common one): it is sent unnamed, so parsed and planned for its values each
 * time, and only Drizzle's building is saved.
 */
export function prepared<T>(
  executor: Executor,
  key: string,
  build: (executor: Executor) => { prepare(name: string): T },
  options: { planPerValue?: boolean } = {},
): T {
  const name = statementName(key);
  // node-postgres sends a statement without a name as PostgreSQL's unnamed one: planned at each call.
  const preparedAs = options.planPerValue ? '' : name;
  if (executor instanceof PgTransaction) return build(executor).prepare(preparedAs);
  let cache = statements.get(executor);
  if (!cache) {
    cache = new Map();
    statements.set(executor, cache);
  }
  let statement = cache.get(name) as T | undefined;
  if (!statement) {
    statement = build(executor).prepare(preparedAs);
    cache.set(name, statement);
  }
  return statement;
}

/** The longest statement name PostgreSQL keeps (NAMEDATALEN - 1 bytes). */
export const STATEMENT_NAME_MAX = 63;

/**
 * A statement's name as PostgreSQL will keep it. Past 63 bytes it keeps only the start, so two lists
 * whose shapes differ further on would share one statement (« already exists », an error for the
 * second), and the driver warns on every call. A longer key keeps its start, for reading the
 * server's logs, and ends with a hash of the whole key.
 */
export function statementName(key: string): string {
  if (Buffer.byteLength(key) <= STATEMENT_NAME_MAX) return key;
  return `${key.replace(/[^\x20-\x7e]/g, '_').slice(0, 48)}_${createHash('sha256').update(key).digest('hex').slice(0, 14)}`;
}

/**
 * A filter's value in a list's condition: the value itself (an ordinary query), or the placeholder
 * a prepared statement binds it to (`byPlaceholder`), so one statement serves every value.
 */
export type Bind = <T>(name: string, value: T) => T | SQLWrapper;
export const byValue: Bind = (_name, value) => value;
export const byPlaceholder: Bind = (name) => sql.placeholder(name);

/**
 * A list's prepared statements are keyed by the filters present (their values are placeholders).
 * A filter is absent when undefined, an empty list or `false` (a switch off writes no condition).
 */
export function shapeOf(filters: object): string {
  const present = Object.entries(filters).filter(([, value]) => value !== undefined && value !== false && !(Array.isArray(value) && value.length === 0));
  return (
    present
      .map(([key]) => key)
      .sort()
      .join('_') || 'all'
  );
}
