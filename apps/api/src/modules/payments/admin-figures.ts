import { sql, type SQL } from 'drizzle-orm';

/**
 * The money received between two instants as a scalar SQL subquery: payments confirmed (card or
 * transfer), by confirmation time. The invoices module puts it in the dashboard's one billing
 * statement (decision 0821), per month, without reading our table itself.
 */
export function receivedBetweenSql(starts: SQL, ends: SQL): SQL {
  return sql`(SELECT coalesce(sum(amount_cents), 0)::float8 FROM payments WHERE status = 'confirme' AND confirmed_at >= ${starts} AND confirmed_at < ${ends})`;
}
