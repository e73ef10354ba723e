import { and, asc, eq, ne, or } from 'drizzle-orm';
import { avenants } from '@ouvrage/db';
import type { ExportPart } from '../data-export';

/** The avenants a person issued or received (not the issuer's drafts for the client), in their data export (decision 1233). */
export const avenantsExport: ExportPart = {
  name: 'avenants',
  collect: async ({ db, user }) => {
    const rows = await db
      .select()
      .from(avenants)
      .where(or(eq(avenants.issuerId, user.id), and(eq(avenants.clientId, user.id), ne(avenants.status, 'Brouillon'))))
      .orderBy(asc(avenants.id));
    return rows.map((a) => ({
      id: a.id,
      number: a.number,
      quote_id: a.quoteId,
      project_id: a.projectId,
      role: a.issuerId === user.id ? 'issuer' : 'client',
      status: a.status,
      title: a.title,
      reason: a.reason,
      delay_days: a.delayDays,
      lots: a.lots,
      created_at: a.createdAt.toISOString(),
      sent_at: a.sentAt?.toISOString() ?? null,
      signed_at: a.signedAt?.toISOString() ?? null,
      refused_at: a.refusedAt?.toISOString() ?? null,
      refusal_reason: a.refusalReason,
      withdrawn_at: a.withdrawnAt?.toISOString() ?? null,
    }));
  },
};
