import { sql } from 'drizzle-orm';
import type { Executor } from '@ouvrage/db';
import { monthsSource } from '../../lib/sql-months';
import { sqlRows } from '../../lib/sql-rows';

/**
 * The admin dashboard's money received (decision 0821), one statement: per Paris month of the
 * period, payments confirmed (card or transfer) by confirmation time. Index-only range sums. The
 * admin dashboard's read model puts it beside the invoices module's billing (decision 1190).
 */
export async function receivedByMonth(db: Executor, range: { months: string[]; bounds: Date[] }) {
  return sqlRows<{ month: string; received_cents: number }>(
    db,
    sql`SELECT m.month,
          (SELECT coalesce(sum(amount_cents), 0)::float8 FROM payments WHERE status = 'confirme' AND confirmed_at >= m.starts AND confirmed_at < m.ends) AS received_cents
        FROM ${monthsSource(range)}
        ORDER BY m.month`,
  );
}
