import { sql, type SQL } from 'drizzle-orm';
import { signatureDocuments, signatureSigners } from '@ouvrage/db';

/**
 * Contracts out for signature that wait for this user's signature, as a part of the dashboard's
 * « documents to sign » query (columns kind, id, label, since, to; decision 0811). Quotes and
 * réception PVs are counted by their own modules (a quote is signed from its screen, a PV from
 * the réception's), so their signature documents are left out here.
 */
export function contractsToSignSql(userId: number): SQL {
  return sql`select 'contract'::text as kind, d.id as id, d.title as label, coalesce(d.sent_at, d.created_at) as since, '/document'::text as "to"
    from ${signatureDocuments} d join ${signatureSigners} s on s.document_id = d.id
    where s.user_id = ${userId} and s.status = 'pending' and d.status = 'out_for_signature' and d.kind = 'contract'`;
}
