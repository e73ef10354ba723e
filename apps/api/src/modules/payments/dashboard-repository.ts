import { sql, type SQL } from 'drizzle-orm';
import { payments } from '@ouvrage/db';

/**
 * What the architect received per month in [from, until) — confirmed payments by their
 * confirmation month in Paris time — as rows (month, invoiced_cents = 0, received_cents) for the
 * dashboard's one query of invoiced and received amounts (decision 0813).
 */
export function receivedPerMonthSql(issuerId: number, from: Date, until: Date): SQL {
  return sql`select to_char(${payments.confirmedAt} at time zone 'Europe/Paris', 'YYYY-MM') as month, 0::bigint as invoiced_cents, sum(${payments.amountCents})::bigint as received_cents
    from ${payments} where ${payments.issuerId} = ${issuerId} and ${payments.status} = 'confirme' and ${payments.confirmedAt} >= ${from.toISOString()}::timestamptz and ${payments.confirmedAt} < ${until.toISOString()}::timestamptz group by 1`;
}
