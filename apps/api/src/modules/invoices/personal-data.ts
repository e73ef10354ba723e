import { asc, eq, or } from 'drizzle-orm';
import { creditNotes, invoices } from '@ouvrage/db';
import type { ExportPart } from '../data-export';
import { originalFacts, originalPdf } from '../originals';

/**
 * The invoices and credit notes a person issued or received, in their data export (decision 1233):
 * number, kind, amounts, due date, what was paid; the PDF as issued when its original is stored.
 */
export const invoicesExport: ExportPart = {
  name: 'invoices',
  collect: async ({ deps, db, user, addFile }) => {
    const [rows, notes] = await Promise.all([
      db
        .select()
        .from(invoices)
        .where(or(eq(invoices.issuerId, user.id), eq(invoices.clientId, user.id)))
        .orderBy(asc(invoices.id)),
      db
        .select()
        .from(creditNotes)
        .where(or(eq(creditNotes.issuerId, user.id), eq(creditNotes.clientId, user.id)))
        .orderBy(asc(creditNotes.id)),
    ]);
    const pdfOf = async (kind: 'invoice' | 'credit-note', id: number, number: string) =>
      (await originalFacts(deps, kind, id)) ? addFile(`${number}.pdf`, () => originalPdf(deps, kind, id)) : null;
    const list = [];
    for (const i of rows) {
      list.push({
        id: i.id,
        number: i.number,
        kind: i.kind,
        role: i.issuerId === user.id ? 'issuer' : 'client',
        project_id: i.projectId,
        quote_id: i.quoteId,
        title: i.title,
        issue_date: i.issueDate,
        due_date: i.dueDate,
        total_ht_cents: i.totalHtCents,
        total_tva_cents: i.totalTvaCents,
        total_ttc_cents: i.totalTtcCents,
        paid_cents: i.paidCents,
        credited_cents: i.creditedCents,
        refunded_cents: i.refundedCents,
        pdf: await pdfOf('invoice', i.id, i.number),
      });
    }
    const credit_notes = [];
    for (const c of notes) {
      credit_notes.push({
        id: c.id,
        number: c.number,
        invoice_id: c.invoiceId,
        role: c.issuerId === user.id ? 'issuer' : 'client',
        reason: c.reason,
        issue_date: c.issueDate,
        total_ht_cents: c.totalHtCents,
        total_tva_cents: c.totalTvaCents,
        total_ttc_cents: c.totalTtcCents,
        pdf: await pdfOf('credit-note', c.id, c.number),
      });
    }
    return { invoices: list, credit_notes };
  },
};
