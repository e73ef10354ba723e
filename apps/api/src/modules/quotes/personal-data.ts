import { and, asc, eq, ne, or } from 'drizzle-orm';
import { quotes } from '@ouvrage/db';
import type { ExportPart } from '../data-export';
import { originalFacts, originalPdf } from '../originals';

/**
 * The quotes a person issued or received, in their data export (decision 1233): number, version,
 * status, amounts and dates; the PDF as sent when its original is already stored (never rendered
 * for the export). A client does not see the issuer's drafts, here as on the screens.
 */
export const quotesExport: ExportPart = {
  name: 'quotes',
  collect: async ({ deps, db, user, addFile }) => {
    const rows = await db
      .select()
      .from(quotes)
      .where(or(eq(quotes.issuerId, user.id), and(eq(quotes.clientId, user.id), ne(quotes.status, 'Brouillon'))))
      .orderBy(asc(quotes.id));
    const list = [];
    for (const q of rows) {
      const original = await originalFacts(deps, 'quote', q.id);
      list.push({
        id: q.id,
        number: q.number,
        version: q.version,
        role: q.issuerId === user.id ? 'issuer' : 'client',
        project_id: q.projectId,
        title: q.title,
        status: q.status,
        total_ht_cents: q.totalHtCents,
        total_tva_cents: q.totalTvaCents,
        total_ttc_cents: q.totalTtcCents,
        valid_until: q.validUntil,
        created_at: q.createdAt.toISOString(),
        sent_at: q.sentAt?.toISOString() ?? null,
        accepted_at: q.acceptedAt?.toISOString() ?? null,
        signed_at: q.signedAt?.toISOString() ?? null,
        refused_at: q.refusedAt?.toISOString() ?? null,
        refusal_reason: q.refusalReason,
        cancelled_at: q.cancelledAt?.toISOString() ?? null,
        withdrawn_at: q.withdrawnAt?.toISOString() ?? null,
        pdf: original ? addFile(`${q.number ?? `devis-${q.id}`}-v${q.version}.pdf`, () => originalPdf(deps, 'quote', q.id)) : null,
      });
    }
    return list;
  },
};
