import { sql } from 'drizzle-orm';
import { payments, type Executor } from '@ouvrage/db';
import { calendarDateAt, parisMonths } from '@ouvrage/domain';
import { sqlRows } from '../../lib/sql-rows';

/**
 * What the architect received per month `YYYY-MM` in [from, until) — confirmed payments by their
 * confirmation month in Paris time — for the dashboard's read model of invoiced and received
 * amounts (decisions 0813, 1190). `from` and `until` are midnights in Paris on a 1st. The months'
 * Paris bounds are computed here once (decision 1180): `width_bucket` places each `confirmed_at`,
 * compared as stored, between them, so no row is converted to Paris time and the range on the
 * column is one an index can serve. Months without a payment are absent.
 */
export async function receivedPerMonth(db: Executor, issuerId: number, from: Date, until: Date): Promise<Map<string, number>> {
  const { months, bounds } = parisMonths(calendarDateAt(from), calendarDateAt(until));
  const monthArray = `{${months.join(',')}}`;
  const boundArray = `{${bounds.map((b) => b.toISOString()).join(',')}}`;
  const rows = await sqlRows<{ month: string; received_cents: string | number }>(
    db,
    sql`select (${monthArray}::text[])[width_bucket(${payments.confirmedAt}, ${boundArray}::timestamptz[])] as month, sum(${payments.amountCents})::bigint as received_cents
    from ${payments} where ${payments.issuerId} = ${issuerId} and ${payments.status} = 'confirme' and ${payments.confirmedAt} >= ${from.toISOString()}::timestamptz and ${payments.confirmedAt} < ${until.toISOString()}::timestamptz group by 1`,
  );
  return new Map(rows.map((r) => [String(r.month), Number(r.received_cents)]));
}
