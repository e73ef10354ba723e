import { sql } from 'drizzle-orm';
import type { Executor } from '@ouvrage/db';
import type { QuoteStatus } from '@ouvrage/domain';
import { sqlRows } from '../../lib/sql-rows';

/**
 * The admin dashboard's quote conversion (decision 0821), one statement: quotes sent in [from, to)
 * by their status now, with their HT (the accepted one, options taken, when there is one). A
 * version replaced by a newer one is not counted: each quote counts once, as its latest version.
 */
export async function quoteOutcomes(db: Executor, range: { from: Date; to: Date }) {
  return sqlRows<{ status: QuoteStatus; count: number; ht_cents: number }>(
    db,
    sql`SELECT status, count(*)::int AS count, coalesce(sum(coalesce(accepted_total_ht_cents, total_ht_cents)), 0)::float8 AS ht_cents
        FROM quotes WHERE sent_at >= ${range.from} AND sent_at < ${range.to} AND status <> 'Remplacé'
        GROUP BY status`,
  );
}
