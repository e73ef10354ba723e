import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { receptionReservations, receptions, type Executor } from '@ouvrage/db';
import { instantText } from '../../lib/sql-rows';

/** Dashboard reads on réceptions (decisions 0811, 0813), composed by the dashboard's read model (decision 1190). */

/**
 * The client's procès-verbaux waiting for their signature — the oldest `limit` by creation, with
 * their quote (whose label the quotes module gives), and how many there are — for the dashboard's
 * « documents to sign ».
 */
export async function receptionsToSign(db: Executor, clientId: number, limit: number) {
  const rows = await db
    .select({ id: receptions.id, quoteId: receptions.quoteId, since: instantText(receptions.createdAt), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(receptions)
    .where(and(eq(receptions.clientId, clientId), isNull(receptions.signedAt)))
    .orderBy(asc(receptions.createdAt), asc(receptions.id))
    .limit(limit);
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((r) => ({ id: r.id, quoteId: r.quoteId, since: r.since, to: `/devis/${r.quoteId}/reception/signer` })),
  };
}

/**
 * The architect's réceptions not released of these quotes (those whose invoices still withhold a
 * retenue, from the invoices module), the earliest first, at most `limit`: whether the PV is signed
 * and how many reservations are still open. No statement for no quote.
 */
export async function unreleasedReceptionsOf(db: Executor, issuerId: number, quoteIds: number[], limit: number) {
  if (quoteIds.length === 0) return [];
  // Qualified: inside the reservations' subquery a bare `id` would be read from that table.
  const receptionId = sql`${receptions}.${sql.identifier('id')}`;
  return db
    .select({
      id: receptions.id,
      quoteId: receptions.quoteId,
      projectId: receptions.projectId,
      receptionDate: receptions.receptionDate,
      signed: sql<boolean>`(${receptions.signedAt} is not null)`,
      openReservations: sql<number>`(select count(*) from ${receptionReservations} r where r.reception_id = ${receptionId} and r.lifted_on is null)`.mapWith(
        Number,
      ),
    })
    .from(receptions)
    .where(and(eq(receptions.issuerId, issuerId), isNull(receptions.retentionReleasedOn), inArray(receptions.quoteId, quoteIds)))
    .orderBy(asc(receptions.receptionDate), asc(receptions.id))
    .limit(limit);
}
