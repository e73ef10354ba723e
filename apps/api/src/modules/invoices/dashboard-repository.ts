import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { creditNotes, invoices, type Executor } from '@ouvrage/db';
import { RETENTION_PAYMENT_DAYS } from '@ouvrage/domain';
import { sqlRows } from '../../lib/sql-rows';
import { statusSql } from './repository';

/** Dashboard widgets on invoices (decisions 0811, 0813): one query each, scoped to the caller. */

/** What is left to pay — `amountLeftToPay` in SQL: TTC − credit notes − retenue still withheld − payments. */
const leftSql = sql<number>`greatest(0, ${invoices.totalTtcCents} - ${invoices.creditedCents} - (case when ${invoices.retentionReleasedOn} is null then ${invoices.retentionCents} else 0 end) - ${invoices.paidCents})`;

/** The client's invoices with something left to pay, overdue first then by due date; with count, sum and overdue sums. */
export async function invoicesToPay(db: Executor, clientId: number, today: string, limit: number) {
  const overdue = sql<boolean>`(${statusSql(today)} = 'En retard')`;
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      title: invoices.title,
      leftCents: leftSql.mapWith(Number),
      dueDate: invoices.dueDate,
      overdue,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      dueCents: sql<number>`sum(${leftSql}) over ()`.mapWith(Number),
      overdueCount: sql<number>`count(*) filter (where ${overdue}) over ()`.mapWith(Number),
      overdueCents: sql<number>`coalesce(sum(${leftSql}) filter (where ${overdue}) over (), 0)`.mapWith(Number),
    })
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), sql`${leftSql} > 0`))
    .orderBy(sql`${overdue} desc`, asc(invoices.dueDate), asc(invoices.id))
    .limit(limit);
  const first = rows[0];
  return {
    total: first?.total ?? 0,
    dueCents: first?.dueCents ?? 0,
    overdueCount: first?.overdueCount ?? 0,
    overdueCents: first?.overdueCents ?? 0,
    items: rows.map((r) => ({ id: r.id, number: r.number, title: r.title, left_cents: r.leftCents, due_date: r.dueDate, overdue: r.overdue })),
  };
}

/** The architect's overdue invoices (`En retard` today), the oldest due first, with their count and what is left. */
export async function overdueInvoicesOf(db: Executor, issuerId: number, today: string, limit: number) {
  // A released retenue is due RETENTION_PAYMENT_DAYS after its release (decision 0721): the later of the two days.
  const dueSql = sql<string>`(case when ${invoices.retentionReleasedOn} is not null and ${invoices.paidCents} + ${invoices.creditedCents} + ${invoices.retentionCents} >= ${invoices.totalTtcCents}
    then ${invoices.retentionReleasedOn} + ${RETENTION_PAYMENT_DAYS}::int else ${invoices.dueDate} end)`;
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      clientName: sql<string>`coalesce(${invoices.document} -> 'client' ->> 'name', '')`,
      dueDate: sql<string>`to_char(${dueSql}, 'YYYY-MM-DD')`,
      leftCents: leftSql.mapWith(Number),
      daysLate: sql<number>`(${today}::date - ${dueSql})`.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
      leftSum: sql<number>`sum(${leftSql}) over ()`.mapWith(Number),
    })
    .from(invoices)
    .where(and(eq(invoices.issuerId, issuerId), sql`${statusSql(today)} = 'En retard'`))
    .orderBy(asc(dueSql), asc(invoices.id))
    .limit(limit);
  return {
    total: rows[0]?.total ?? 0,
    leftCents: rows[0]?.leftSum ?? 0,
    items: rows.map((r) => ({ id: r.id, number: r.number, client_name: r.clientName, due_date: r.dueDate, left_cents: r.leftCents, days_late: r.daysLate })),
  };
}

/**
 * What the architect invoiced per month `YYYY-MM` in [from, until) (Paris days): invoices' TTC by
 * issue day, less credit notes by theirs, in one statement; months without any are absent. The
 * dashboard's read model adds what was received (decision 1190).
 */
export async function invoicedPerMonth(db: Executor, issuerId: number, from: string, until: string): Promise<Map<string, number>> {
  const rows = await sqlRows<{ month: string; invoiced_cents: string | number }>(
    db,
    sql`select month, sum(invoiced_cents)::bigint as invoiced_cents from (
      select to_char(${invoices.issueDate}, 'YYYY-MM') as month, sum(${invoices.totalTtcCents})::bigint as invoiced_cents
        from ${invoices} where ${invoices.issuerId} = ${issuerId} and ${invoices.issueDate} >= ${from}::date and ${invoices.issueDate} < ${until}::date group by 1
      union all
      select to_char(${creditNotes.issueDate}, 'YYYY-MM'), -sum(${creditNotes.totalTtcCents})::bigint
        from ${creditNotes} where ${creditNotes.issuerId} = ${issuerId} and ${creditNotes.issueDate} >= ${from}::date and ${creditNotes.issueDate} < ${until}::date group by 1
    ) as invoiced group by month`,
  );
  return new Map(rows.map((r) => [String(r.month), Number(r.invoiced_cents)]));
}

/**
 * The retenue de garantie still withheld on the architect's invoices not cancelled, by quote (only
 * quotes with some), in one statement: the guarantees widget's first read (decision 1190). A
 * quote's invoices are all issued by the quote's issuer.
 */
export async function retentionWithheldByQuote(db: Executor, issuerId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ quoteId: invoices.quoteId, cents: sql<number>`sum(${invoices.retentionCents})`.mapWith(Number) })
    .from(invoices)
    .where(and(eq(invoices.issuerId, issuerId), sql`${invoices.creditedCents} < ${invoices.totalTtcCents}`, isNull(invoices.retentionReleasedOn)))
    .groupBy(invoices.quoteId)
    .having(sql`sum(${invoices.retentionCents}) > 0`);
  return new Map(rows.map((r) => [r.quoteId, r.cents]));
}
