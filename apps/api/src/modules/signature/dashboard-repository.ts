import { and, asc, eq, sql } from 'drizzle-orm';
import { signatureDocuments, signatureSigners, type Executor } from '@ouvrage/db';
import { instantText } from '../../lib/sql-rows';

/**
 * Contracts out for signature that wait for this user's signature — the oldest `limit` by the time
 * they were sent, and how many there are — for the dashboard's « documents to sign » (decisions
 * 0811, 1190). Quotes and réception PVs are counted by their own modules (a quote is signed from
 * its screen, a PV from the réception's), so their signature documents are left out here.
 */
export async function contractsToSign(db: Executor, userId: number, limit: number) {
  const since = sql`coalesce(${signatureDocuments.sentAt}, ${signatureDocuments.createdAt})`;
  const rows = await db
    .select({ id: signatureDocuments.id, label: signatureDocuments.title, since: instantText(since), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(signatureDocuments)
    .innerJoin(signatureSigners, eq(signatureSigners.documentId, signatureDocuments.id))
    .where(
      and(
        eq(signatureSigners.userId, userId),
        eq(signatureSigners.status, 'pending'),
        eq(signatureDocuments.status, 'out_for_signature'),
        eq(signatureDocuments.kind, 'contract'),
      ),
    )
    .orderBy(asc(since), asc(signatureDocuments.id))
    .limit(limit);
  return { total: rows[0]?.total ?? 0, items: rows.map((r) => ({ id: r.id, label: r.label, since: r.since, to: '/document' })) };
}
