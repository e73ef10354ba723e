import { sql, type SQLWrapper, type Subquery } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { LIST_COUNT_CAP } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import { prepared } from './prepared';
import { sqlRows } from './sql-rows';

/** A list's count as the API answers it (`paginated` in the contracts). */
export interface ListTotal {
  total: number;
  total_capped: boolean;
}

/** A select of a list's filtered rows, any columns: a Drizzle query builder. */
type CountedRows = SQLWrapper & { toSQL(): { sql: string; params: unknown[] } };

/**
 * How many rows `rows` would return, counting at most LIST_COUNT_CAP + 1 of them (decision 0963):
 * the count walks no more rows than the deepest page the list serves, whatever the size of the
 * table; and a list found past the cap is not counted again for a while (`countUnlessCapped`).
 * `estimated`: the planner's estimate of a search's rows, see `countUnlessCapped` and `searchedPage`.
 */
export async function cappedCount(db: Executor, rows: CountedRows, options: { estimated?: number } = {}): Promise<ListTotal> {
  const { sql: text, params } = rows.toSQL();
  return countUnlessCapped(db, `${text}\n${JSON.stringify(params)}`, () => countUpToCap(db, rows), options.estimated);
}

/** The rows of `rows`, counted up to LIST_COUNT_CAP + 1 (every time: see `cappedCount`). */
async function countUpToCap(db: Executor, rows: SQLWrapper): Promise<number> {
  const [{ n }] = await sqlRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${rows} LIMIT ${LIST_COUNT_CAP + 1}) capped`);
  return n;
}

/**
 * The same capped count as a query to prepare (decision 0966): `rows` is the list's filtered
 * select; its values may be placeholders. Run it through `countUnlessCapped`.
 */
export function cappedCountQuery(executor: Executor, rows: FilteredRows) {
  return executor.select({ n: sql<number>`count(*)::int` }).from(rows.limit(LIST_COUNT_CAP + 1).as('capped'));
}

/** What `cappedCountQuery` counts: a list's filtered select, any columns, values as placeholders. */
type FilteredRows = { limit(limit: number): { as(alias: 'capped'): Subquery } };

/**
 * A list's capped count as a prepared statement, for one shape of the list (`name`, decision 0966):
 * `rows` selects the filtered rows with placeholders. The function returned counts for the
 * placeholders' values through `countUnlessCapped` (its key: the name and the values), given the
 * planner's estimate when the list is searched by words.
 */
export function preparedCappedCount(db: Executor, name: string, rows: (executor: Executor) => FilteredRows, options: { planPerValue?: boolean } = {}) {
  const statement = prepared(db, name, (e) => cappedCountQuery(e, rows(e)), options);
  return (values: Record<string, unknown>, estimated?: number): Promise<ListTotal> =>
    countUnlessCapped(db, `${name} ${JSON.stringify(values)}`, async () => (await statement.execute(values))[0].n, estimated);
}

/** A count already bounded by its query (or small by nature) in the answer's shape. */
export function capTotal(n: number): ListTotal {
  return { total: Math.min(n, LIST_COUNT_CAP), total_capped: n > LIST_COUNT_CAP };
}

/** How long a list found past the cap is answered « more than 10 000 » without counting. */
export const CAPPED_REMEMBERED_MS = 30_000;
const REMEMBERED_MAX = 1000;
const cappedLists = new WeakMap<object, Map<string, number>>();

/**
 * A search whose rows the planner estimates past this is answered « more than 10 000 » without
 * counting (decision 0967): twice the cap, so that an estimate off by half still holds.
 */
export const SEARCH_ESTIMATE_TRUSTED = 2 * LIST_COUNT_CAP;

/** The planner's estimate of how many rows `rows` returns (EXPLAIN: planned, not run). */
export async function estimatedRows(db: Executor, rows: SQLWrapper): Promise<number> {
  const [row] = await sqlRows<{ 'QUERY PLAN': unknown }>(db, sql`EXPLAIN (FORMAT JSON) ${rows}`);
  const plan = typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN'];
  return Number((plan as Array<{ Plan: { 'Plan Rows': number } }>)[0].Plan['Plan Rows']);
}

/**
 * Runs `count` (a capped count: at most LIST_COUNT_CAP + 1) unless the same list (`key`: its
 * statement and values) was found past the cap less than CAPPED_REMEMBERED_MS ago (decision 0967).
 * Counting up to the cap is the dearest part of a big list's page (10 001 index entries for
 * 20 rows); once past it, the answer only says « more than 10 000 », which a few seconds do not
 * change in practice. Counts under the cap are always exact: a new row shows at once. Not inside a
 * transaction, which must see its own writes.
 *
 * `estimate` (a search by words, the same rows as `count`'s): a common word matches a share of
 * the table, and counting 10 001 of its rows reads 10 001 rows of the table wherever they lie
 * (tens of ms at a million projects, against well under one at ten thousand). The planner's
 * estimate from the word statistics is asked first; past SEARCH_ESTIMATE_TRUSTED the list is
 * taken as past the cap without counting.
 */
export async function countUnlessCapped(db: Executor, key: string, count: () => Promise<number>, estimate?: SQLWrapper | number): Promise<ListTotal> {
  if (db instanceof PgTransaction) return capTotal(await count());
  let remembered = cappedLists.get(db);
  if (!remembered) {
    remembered = new Map();
    cappedLists.set(db, remembered);
  }
  const since = remembered.get(key);
  if (since !== undefined && Date.now() - since < CAPPED_REMEMBERED_MS) return capTotal(LIST_COUNT_CAP + 1);
  const estimated = estimate === undefined || typeof estimate === 'number' ? estimate : await estimatedRows(db, estimate);
  const n = estimated !== undefined && estimated > SEARCH_ESTIMATE_TRUSTED ? LIST_COUNT_CAP + 1 : await count();
  remembered.delete(key);
  if (n > LIST_COUNT_CAP) {
    if (remembered.size >= REMEMBERED_MAX) remembered.delete(remembered.keys().next().value!);
    remembered.set(key, Date.now());
  }
  return capTotal(n);
}

/**
 * A searched list's page and count, the count only when needed (decision 0975). `total(estimated)`
 * counts (`countUnlessCapped`, given the planner's estimate); `matches` selects the matching rows,
 * for that estimate (none: a list bounded by its scope, an architect's quotes, needs none).
 * - The page and the estimate start together.
 * - More than a page expected: the count starts as soon as the estimate is known, beside the page
 *   (a count past SEARCH_ESTIMATE_TRUSTED is not run: `countUnlessCapped`).
 * - Otherwise the page comes first: a first page with room left holds every match, so its length is
 *   the exact total and the count does not run. The page, the estimate and the count each
 *   intersect the words' index entries, which grow with the table.
 */
export async function searchedPage<T>(
  db: Executor,
  page: { limit: number; offset: number },
  rows: () => Promise<T[]>,
  total: (estimated: number | undefined) => Promise<ListTotal>,
  matches?: SQLWrapper,
): Promise<{ rows: T[] } & ListTotal> {
  const pageRows = rows();
  // Awaited below; this only keeps a failure while the estimate runs from going unhandled.
  pageRows.catch(() => undefined);
  const estimated = matches ? await estimatedRows(db, matches) : undefined;
  if (estimated !== undefined && estimated > page.limit) {
    const [found, counted] = await Promise.all([pageRows, total(estimated)]);
    return { rows: found, ...counted };
  }
  const found = await pageRows;
  if (page.offset === 0 && found.length < page.limit) return { rows: found, ...capTotal(found.length) };
  return { rows: found, ...(await total(estimated)) };
}
