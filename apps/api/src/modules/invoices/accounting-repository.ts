import { and, asc, eq, lte } from 'drizzle-orm';
import { creditNotes, invoiceRefunds, invoices, type Executor, type StoredRateAmount } from '@ouvrage/db';
import type { InvoiceKind, RateAmount } from '@ouvrage/domain';

/**
 * What the accounting exports read of an issuer's invoices (issue 37 §3, decision 1210): invoices,
 * credit notes and refunds up to a day, with the figures the FEC and the CSV lists need.
 */

export interface AccountingInvoice {
  id: number;
  number: string;
  kind: InvoiceKind;
  quoteId: number;
  clientId: number;
  clientName: string;
  issueDate: string;
  dueDate: string;
  byRate: RateAmount[];
  totalHtCents: number;
  totalTvaCents: number;
  totalTtcCents: number;
  retentionCents: number;
  retentionReleasedOn: string | null;
  paidCents: number;
  creditedCents: number;
  refundedCents: number;
}

export interface AccountingCreditNote {
  id: number;
  number: string;
  invoiceId: number;
  issueDate: string;
  byRate: RateAmount[];
  totalHtCents: number;
  totalTvaCents: number;
  totalTtcCents: number;
  reason: string;
}

export interface AccountingRefund {
  id: number;
  invoiceId: number;
  amountCents: number;
  refundedOn: string;
}

const rates = (list: StoredRateAmount[]): RateAmount[] =>
  list.map((r) => ({ rateBp: r.rate_bp as RateAmount['rateBp'], baseCents: r.base_cents, tvaCents: r.tva_cents }));

function clientNameOf(document: Record<string, unknown>): string {
  const client = (document.client ?? {}) as { name?: string; company_name?: string | null };
  return client.company_name || client.name || '';
}

/** An issuer's invoices, credit notes and refunds dated up to `until` (`YYYY-MM-DD`), in order. */
export async function accountingRecordsOf(
  db: Executor,
  issuerId: number,
  until: string,
): Promise<{ invoices: AccountingInvoice[]; creditNotes: AccountingCreditNote[]; refunds: AccountingRefund[] }> {
  const invoiceRows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.issuerId, issuerId), lte(invoices.issueDate, until)))
    .orderBy(asc(invoices.issueDate), asc(invoices.id));
  const noteRows = await db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.issuerId, issuerId), lte(creditNotes.issueDate, until)))
    .orderBy(asc(creditNotes.issueDate), asc(creditNotes.id));
  const refundRows = await db
    .select({ id: invoiceRefunds.id, invoiceId: invoiceRefunds.invoiceId, amountCents: invoiceRefunds.amountCents, refundedOn: invoiceRefunds.refundedOn })
    .from(invoiceRefunds)
    .innerJoin(invoices, eq(invoices.id, invoiceRefunds.invoiceId))
    .where(and(eq(invoices.issuerId, issuerId), lte(invoiceRefunds.refundedOn, until)))
    .orderBy(asc(invoiceRefunds.refundedOn), asc(invoiceRefunds.id));
  return {
    invoices: invoiceRows.map((r) => ({
      id: r.id,
      number: r.number,
      kind: r.kind,
      quoteId: r.quoteId,
      clientId: r.clientId,
      clientName: clientNameOf(r.document),
      issueDate: r.issueDate,
      dueDate: r.dueDate,
      byRate: rates(r.byRate),
      totalHtCents: r.totalHtCents,
      totalTvaCents: r.totalTvaCents,
      totalTtcCents: r.totalTtcCents,
      retentionCents: r.retentionCents,
      retentionReleasedOn: r.retentionReleasedOn,
      paidCents: r.paidCents,
      creditedCents: r.creditedCents,
      refundedCents: r.refundedCents,
    })),
    creditNotes: noteRows.map((r) => ({
      id: r.id,
      number: r.number,
      invoiceId: r.invoiceId,
      issueDate: r.issueDate,
      byRate: rates(r.byRate),
      totalHtCents: r.totalHtCents,
      totalTvaCents: r.totalTvaCents,
      totalTtcCents: r.totalTtcCents,
      reason: r.reason,
    })),
    refunds: refundRows,
  };
}
