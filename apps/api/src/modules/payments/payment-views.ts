import type { InvoicePaymentSummary, PaymentItem } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import { invoicePaymentFacts, type InvoicePaymentFacts } from '../invoices';
import { listPaymentsOfInvoice } from './list-repository';
import type { PaymentRow } from './repository';

/** A payment as the lists and the return page show it. */
export function paymentItem(row: PaymentRow, invoice: Pick<InvoicePaymentFacts, 'number' | 'kind' | 'situationIndex' | 'quoteLabel'> | undefined): PaymentItem {
  return {
    id: row.id,
    invoice_id: row.invoiceId,
    invoice_number: invoice?.number ?? '',
    invoice_name: { kind: invoice?.kind ?? 'acompte', situation_index: invoice?.situationIndex ?? null, quote_label: invoice?.quoteLabel ?? '' },
    method: row.method,
    status: row.status,
    provider: row.provider,
    amount_cents: row.amountCents,
    failure: row.status === 'echoue' || row.status === 'annule' ? (row.failureReason ?? null) : null,
    created_at: row.createdAt.toISOString(),
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    debit_on: row.method === 'prelevement' ? (row.debitOn ?? null) : null,
    debit_submitted: row.method === 'prelevement' && row.submittedAt !== null,
  };
}

/** Payments with their invoice's number and title, read once per invoice through the invoices module. */
export async function paymentItems(db: Executor, rows: PaymentRow[]): Promise<PaymentItem[]> {
  const ids = [...new Set(rows.map((r) => r.invoiceId))];
  const invoices = new Map<number, InvoicePaymentFacts | undefined>();
  for (const id of ids) invoices.set(id, await invoicePaymentFacts(db, id));
  return rows.map((r) => paymentItem(r, invoices.get(r.invoiceId)));
}

export type { InvoicePaymentSummary };

/** An invoice's payments, newest first, as the lists show them (the project's contract view, decision 1224). */
export async function paymentsOfInvoice(db: Executor, invoiceId: number): Promise<PaymentItem[]> {
  return paymentItems(db, await listPaymentsOfInvoice(db, invoiceId));
}
