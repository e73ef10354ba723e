import { sql } from 'drizzle-orm';
import type { Executor } from '@ouvrage/db';
import { monthsSource } from '../../lib/sql-months';
import { sqlRows } from '../../lib/sql-rows';

/**
 * The admin dashboard's tenders (decision 0821), one statement: per Paris month of the period,
 * tenders sent (validation "1", by sending time: `created_at` is reset when a tender is sent) and
 * answered (accepted or refused, by answer time). One index-only range count per month on the
 * indexes of migration 0024.
 */
export async function tendersByMonth(db: Executor, range: { months: string[]; bounds: Date[] }) {
  return sqlRows<{ month: string; sent: number; accepted: number; refused: number }>(
    db,
    sql`SELECT m.month,
          (SELECT count(*)::int FROM offers WHERE validation = '1' AND created_at >= m.starts AND created_at < m.ends) AS sent,
          a.accepted, a.refused
        FROM ${monthsSource(range)}
        CROSS JOIN LATERAL (
          SELECT (count(*) FILTER (WHERE status = 'Acceptée'))::int AS accepted, (count(*) FILTER (WHERE status = 'Refusée'))::int AS refused
          FROM offers WHERE answered_at >= m.starts AND answered_at < m.ends
        ) a
        ORDER BY m.month`,
  );
}
