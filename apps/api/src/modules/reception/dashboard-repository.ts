import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { receptionReservations, receptions, type Executor } from '@ouvrage/db';
import { retentionWithheldOf } from '../invoices';
import { quoteLabelOf } from '../quotes';

/** Dashboard widgets on réceptions (decisions 0811, 0813). */

/**
 * The client's procès-verbaux waiting for their signature, as a part of the dashboard's
 * « documents to sign » query (columns kind, id, label, since, to).
 */
export function receptionsToSignSql(clientId: number): SQL {
  return sql`select 'reception'::text as kind, ${receptions.id} as id, ${quoteLabelOf(sql`${receptions}.${sql.identifier('quote_id')}`)} as label, ${receptions.createdAt} as since,
      '/devis/' || ${receptions.quoteId} || '/reception/signer' as "to"
    from ${receptions} where ${receptions.clientId} = ${clientId} and ${receptions.signedAt} is null`;
}

/**
 * The architect's réceptions whose retenue de garantie is still withheld (not released, some
 * retenue on the quote's invoices), the earliest release first: one query, the retenue and the
 * quote's label read through the invoices' and quotes' SQL expressions.
 */
export async function guaranteesOf(db: Executor, issuerId: number, limit: number) {
  // Qualified: inside another table's subquery a bare column name would be read from that table.
  const receptionId = sql`${receptions}.${sql.identifier('id')}`;
  const quoteId = sql`${receptions}.${sql.identifier('quote_id')}`;
  const retention = retentionWithheldOf(quoteId);
  const rows = await db
    .select({
      id: receptions.id,
      quoteId: receptions.quoteId,
      projectId: receptions.projectId,
      quoteLabel: quoteLabelOf(quoteId),
      receptionDate: receptions.receptionDate,
      signed: sql<boolean>`(${receptions.signedAt} is not null)`,
      retentionCents: retention.mapWith(Number),
      openReservations: sql<number>`(select count(*) from ${receptionReservations} r where r.reception_id = ${receptionId} and r.lifted_on is null)`.mapWith(
        Number,
      ),
    })
    .from(receptions)
    .where(and(eq(receptions.issuerId, issuerId), isNull(receptions.retentionReleasedOn), sql`${retention} > 0`))
    .orderBy(asc(receptions.receptionDate), asc(receptions.id))
    .limit(limit);
  return rows;
}
