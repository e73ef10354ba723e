import type { CreditNoteItem, InvoiceDetail, InvoiceDocument, InvoiceListItem, ProjectName } from '@ouvrage/contracts';
import type { StoredRateAmount } from '@ouvrage/db';
import {
  amountLeftToPay,
  calendarDate,
  invoiceStatus,
  refundOwedCents,
  todayInParis,
  type Caller,
  type CalendarDate,
  type RateAmount,
  type TvaRate,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import type { InvoiceRefundRow } from './refunds-repository';
import type { CreditNoteRow, InvoiceRow } from './repository';

export const toStored = (list: readonly RateAmount[]): StoredRateAmount[] =>
  list.map((r) => ({ rate_bp: r.rateBp, base_cents: r.baseCents, tva_cents: r.tvaCents }));
export const fromStored = (list: readonly StoredRateAmount[]): RateAmount[] =>
  list.map((r) => ({ rateBp: r.rate_bp as TvaRate, baseCents: r.base_cents, tvaCents: r.tva_cents }));

/** The status an invoice shows today (Paris calendar), computed on read. */
export function statusOf(row: InvoiceRow, today: CalendarDate) {
  return invoiceStatus(
    {
      totalTtcCents: row.totalTtcCents,
      retentionCents: row.retentionCents,
      creditedCents: row.creditedCents,
      paidCents: row.paidCents,
      dueDate: calendarDate(row.dueDate),
      retentionReleasedOn: row.retentionReleasedOn,
    },
    today,
  );
}

const leftToPay = (row: InvoiceRow) =>
  amountLeftToPay({
    totalTtcCents: row.totalTtcCents,
    retentionCents: row.retentionCents,
    creditedCents: row.creditedCents,
    paidCents: row.paidCents,
    retentionReleasedOn: row.retentionReleasedOn,
  });

export function creditNoteItem(c: CreditNoteRow): CreditNoteItem {
  return {
    id: c.id,
    number: c.number,
    issue_date: c.issueDate,
    reason: c.reason,
    total_ht_cents: c.totalHtCents,
    total_tva_cents: c.totalTvaCents,
    total_ttc_cents: c.totalTtcCents,
    by_rate: c.byRate,
  };
}

/** Everything the detail screen and the PDF show; the refunds recorded after a credit note on a paid invoice (decision 1062). */
export function invoiceDetail(deps: AppDeps, row: InvoiceRow, credits: CreditNoteRow[], caller: Caller, refunds: InvoiceRefundRow[] = []): InvoiceDetail {
  const document = row.document as unknown as InvoiceDocument;
  const status = statusOf(row, todayInParis(deps.clock));
  const issuerSide = caller.user_type === 'admin' || (caller.user_type === 'architecte' && caller.id === row.issuerId);
  const refundOwed = refundOwedCents(row);
  return {
    ...document,
    id: row.id,
    number: row.number,
    kind: row.kind,
    title: row.title,
    status,
    situation_index: row.situationIndex,
    issued_at: row.issuedAt.toISOString(),
    issue_date: row.issueDate,
    due_date: row.dueDate,
    by_rate: row.byRate,
    totals: { total_ht_cents: row.totalHtCents, total_tva_cents: row.totalTvaCents, total_ttc_cents: row.totalTtcCents },
    retention_cents: row.retentionCents,
    amount_due_cents: row.totalTtcCents - row.retentionCents,
    paid_cents: row.paidCents,
    credited_cents: row.creditedCents,
    left_to_pay_cents: leftToPay(row),
    progress_bp: row.progressBp ?? null,
    credit_notes: credits.map(creditNoteItem),
    refunded_cents: row.refundedCents,
    refund_owed_cents: refundOwed,
    refunds: refunds.map((r) => ({ id: r.id, amount_cents: r.amountCents, refunded_on: r.refundedOn })),
    can: { credit: issuerSide && status !== 'Annulée', refund: issuerSide && refundOwed > 0 },
  };
}

/** `names`: the projects by their parts (decision 1206); the frozen French title is the PDF's. */
export function listItem(row: InvoiceRow, today: CalendarDate, names: ReadonlyMap<number, ProjectName>): InvoiceListItem {
  const document = row.document as unknown as InvoiceDocument;
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    title: row.title,
    status: statusOf(row, today),
    quote_id: row.quoteId,
    quote_label: document.quote.label,
    situation_index: row.situationIndex ?? null,
    project_name: names.get(document.project.id) ?? { category_name: '', bien_name: '', city: '' },
    client_id: row.clientId,
    client_name: document.client.company_name || document.client.name,
    issuer_id: row.issuerId,
    issuer_name: document.issuer.trade_name || document.issuer.name,
    issue_date: row.issueDate,
    due_date: row.dueDate,
    total_ttc_cents: row.totalTtcCents,
    left_to_pay_cents: leftToPay(row),
  };
}
