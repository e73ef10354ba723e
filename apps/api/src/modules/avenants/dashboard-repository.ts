import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { avenants, type Executor } from '@ouvrage/db';
import { instantText } from '../../lib/sql-rows';

/**
 * The client's sent avenants waiting for their answer — the oldest `limit` by the time they were
 * sent, and how many there are — for the dashboard's « documents to sign » (decisions 0811, 1190, 1220).
 */
export async function avenantsToSign(db: Executor, clientId: number, limit: number) {
  const rows = await db
    .select({
      id: avenants.id,
      quoteId: avenants.quoteId,
      label: avenants.number,
      since: instantText(avenants.sentAt),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(avenants)
    .where(and(eq(avenants.clientId, clientId), eq(avenants.status, 'Envoyé'), isNotNull(avenants.sentAt)))
    .orderBy(asc(avenants.sentAt), asc(avenants.id))
    .limit(limit);
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((r) => ({ id: r.id, label: r.label ?? '', since: r.since, to: `/devis/${r.quoteId}/avenants/${r.id}/signer` })),
  };
}
