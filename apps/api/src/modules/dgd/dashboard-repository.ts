import { and, asc, eq, sql } from 'drizzle-orm';
import { dgds, type Executor } from '@ouvrage/db';
import { instantText } from '../../lib/sql-rows';

/**
 * The client's issued DGDs waiting for their answer — the oldest `limit` by the day they were
 * established, and how many there are — for the dashboard's « documents to sign » (decisions 1190, 1222).
 */
export async function dgdsToSign(db: Executor, clientId: number, limit: number) {
  const rows = await db
    .select({
      id: dgds.id,
      quoteId: dgds.quoteId,
      label: dgds.number,
      since: instantText(dgds.issuedAt),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(dgds)
    .where(and(eq(dgds.clientId, clientId), eq(dgds.status, 'Émis')))
    .orderBy(asc(dgds.issuedAt), asc(dgds.id))
    .limit(limit);
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((r) => ({ id: r.id, label: r.label, since: r.since, to: `/devis/${r.quoteId}/dgd/${r.id}/signer` })),
  };
}
