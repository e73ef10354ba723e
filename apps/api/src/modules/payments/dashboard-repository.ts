import { sql, type SQL } from 'drizzle-orm';
import { payments } from '@ouvrage/db';
import { calendarDateAt, parisMonths } from '@ouvrage/domain';

/**
 * What the architect received per month in [from, until) — confirmed payments by their
 * confirmation month in Paris time — as rows (month, invoiced_cents = 0, received_cents) for the
 * dashboard's one query of invoiced and received amounts (decision 0813). `from` and `until` are
 * midnights in Paris on a 1st. The months' Paris bounds are computed here once (decision 1180):
 * `width_bucket` places each `confirmed_at`, compared as stored, between them, so no row is
 * converted to Paris time and the range on the column is one an index can serve. Months without a
 * payment are absent.
 */
export function receivedPerMonthSql(issuerId: number, from: Date, until: Date): SQL {
  const { months, bounds } = parisMonths(calendarDateAt(from), calendarDateAt(until));
  const monthArray = `{${months.join(',')}}`;
  const boundArray = `{${bounds.map((b) => b.toISOString()).join(',')}}`;
  return sql`select (${monthArray}::text[])[width_bucket(${payments.confirmedAt}, ${boundArray}::timestamptz[])] as month, 0::bigint as invoiced_cents, sum(${payments.amountCents})::bigint as received_cents
    from ${payments} where ${payments.issuerId} = ${issuerId} and ${payments.status} = 'confirme' and ${payments.confirmedAt} >= ${from.toISOString()}::timestamptz and ${payments.confirmedAt} < ${until.toISOString()}::timestamptz group by 1`;
}
