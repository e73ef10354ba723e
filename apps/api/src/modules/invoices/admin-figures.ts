import { sql } from 'drizzle-orm';
import type { Executor } from '@ouvrage/db';
import { monthsSource } from '../../lib/sql-months';
import { sqlRows } from '../../lib/sql-rows';

/**
 * The admin dashboard's billing (decision 0821), one statement: per Paris month of the period,
 * invoiced TTC (invoices by issue time) and credited TTC (credit notes by issue time). Index-only
 * range sums. The admin dashboard's read model adds what was received (decision 1190).
 */
export async function invoicedByMonth(db: Executor, range: { months: string[]; bounds: Date[] }) {
  return sqlRows<{ month: string; invoiced_cents: number; credited_cents: number }>(
    db,
    sql`SELECT m.month,
          (SELECT coalesce(sum(total_ttc_cents), 0)::float8 FROM invoices WHERE issued_at >= m.starts AND issued_at < m.ends) AS invoiced_cents,
          (SELECT coalesce(sum(total_ttc_cents), 0)::float8 FROM credit_notes WHERE issued_at >= m.starts AND issued_at < m.ends) AS credited_cents
        FROM ${monthsSource(range)}
        ORDER BY m.month`,
  );
}
