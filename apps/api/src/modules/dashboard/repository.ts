import { sql } from 'drizzle-orm';
import type { Executor } from '@ouvrage/db';
import { invoicedPerMonthSql } from '../invoices';
import { receivedPerMonthSql } from '../payments';
import { quotesToSignSql } from '../quotes';
import { receptionsToSignSql } from '../reception';
import { contractsToSignSql } from '../signature';

/**
 * The dashboard owns no table (decision 0810). Two widgets gather rows of several modules; each
 * module writes the SQL of its own tables (`…Sql` parts) and this file runs them as one query.
 */

export interface DocumentToSignRow {
  kind: 'quote' | 'contract' | 'reception';
  id: number;
  label: string;
  since: string;
  to: string;
  total: number;
}

/** The client's documents waiting for their signature: accepted quotes, contracts, réception PVs — the oldest first. */
export async function documentsToSign(db: Executor, userId: number, limit: number): Promise<{ total: number; items: Omit<DocumentToSignRow, 'total'>[] }> {
  const result =
    await db.execute(sql`select kind, id, label, to_char(since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as since, "to", count(*) over () as total
    from (${quotesToSignSql(userId)} union all ${contractsToSignSql(userId)} union all ${receptionsToSignSql(userId)}) as documents
    order by documents.since asc, kind, id limit ${limit}`);
  const rows = rowsOf<Record<string, unknown>>(result);
  return {
    total: Number(rows[0]?.total ?? 0),
    items: rows.map((r) => ({
      kind: r.kind as DocumentToSignRow['kind'],
      id: Number(r.id),
      label: String(r.label ?? ''),
      since: String(r.since),
      to: String(r.to),
    })),
  };
}

/** Invoiced and received amounts per month `YYYY-MM` in the period, in one query (months without any are absent). */
export async function amountsPerMonth(db: Executor, issuerId: number, period: { from: string; until: string; fromInstant: Date; untilInstant: Date }) {
  const result = await db.execute(sql`select month, sum(invoiced_cents)::bigint as invoiced_cents, sum(received_cents)::bigint as received_cents
    from (${invoicedPerMonthSql(issuerId, period.from, period.until)} union all ${receivedPerMonthSql(issuerId, period.fromInstant, period.untilInstant)}) as amounts
    group by month`);
  return new Map(
    rowsOf<Record<string, unknown>>(result).map((r) => [String(r.month), { invoiced: Number(r.invoiced_cents), received: Number(r.received_cents) }]),
  );
}

/** `db.execute` answers rows (PGlite: `{ rows }`, postgres-js: an array). */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
