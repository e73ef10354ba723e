import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { creditNotes, invoiceRefunds, invoices, type Executor, type StoredRateAmount } from '@ouvrage/db';
import type { RateAmount } from '@ouvrage/domain';

/**
 * What the e-reporting module reads of an issuer's consumer sales (issue 37 §2, decision 1213):
 * invoices whose client, as frozen on the invoice, has no SIREN (a private person — a business
 * client is e-invoiced instead), their avoirs and refunds, dated up to a day.
 */

export interface ConsumerSales {
  invoices: { id: number; number: string; issueDate: string; byRate: RateAmount[] }[];
  creditNotes: { id: number; number: string; invoiceId: number; issueDate: string; byRate: RateAmount[] }[];
  refunds: { id: number; invoiceId: number; amountCents: number; refundedOn: string }[];
}

const rates = (list: StoredRateAmount[]): RateAmount[] =>
  list.map((r) => ({ rateBp: r.rate_bp as RateAmount['rateBp'], baseCents: r.base_cents, tvaCents: r.tva_cents }));

export async function consumerSalesOf(db: Executor, issuerId: number, until: string): Promise<ConsumerSales> {
  const rows = await db
    .select({ id: invoices.id, number: invoices.number, issueDate: invoices.issueDate, byRate: invoices.byRate })
    .from(invoices)
    .where(and(eq(invoices.issuerId, issuerId), lte(invoices.issueDate, until), isNull(sql`nullif(${invoices.document} -> 'client' ->> 'siren', '')`)))
    .orderBy(asc(invoices.issueDate), asc(invoices.id));
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return { invoices: [], creditNotes: [], refunds: [] };
  const notes = await db
    .select({ id: creditNotes.id, number: creditNotes.number, invoiceId: creditNotes.invoiceId, issueDate: creditNotes.issueDate, byRate: creditNotes.byRate })
    .from(creditNotes)
    .where(and(inArray(creditNotes.invoiceId, ids), lte(creditNotes.issueDate, until)))
    .orderBy(asc(creditNotes.issueDate), asc(creditNotes.id));
  const refunds = await db
    .select({ id: invoiceRefunds.id, invoiceId: invoiceRefunds.invoiceId, amountCents: invoiceRefunds.amountCents, refundedOn: invoiceRefunds.refundedOn })
    .from(invoiceRefunds)
    .where(and(inArray(invoiceRefunds.invoiceId, ids), lte(invoiceRefunds.refundedOn, until)))
    .orderBy(asc(invoiceRefunds.refundedOn), asc(invoiceRefunds.id));
  return {
    invoices: rows.map((r) => ({ ...r, byRate: rates(r.byRate) })),
    creditNotes: notes.map((r) => ({ ...r, byRate: rates(r.byRate) })),
    refunds,
  };
}

/** The issuers with a consumer invoice issued since `from`, in id order: whom the e-reporting job looks at. */
export async function consumerIssuersSince(db: Executor, from: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ issuerId: invoices.issuerId })
    .from(invoices)
    .where(and(gte(invoices.issueDate, from), isNull(sql`nullif(${invoices.document} -> 'client' ->> 'siren', '')`)))
    .orderBy(asc(invoices.issuerId));
  return rows.map((r) => r.issuerId);
}
