import type { Executor } from '@ouvrage/db';
import type { InvoiceDocument } from '@ouvrage/contracts';
import { amountLeftToPay, invoiceStatus, type CalendarDate, type InvoiceStatus } from '@ouvrage/domain';
import { invoicesByIds, openInvoicesLeftIn as openInvoicesLeftInRows } from './payment-facts-repository';
import type * as repo from './repository';

/**
 * What the bank-transfer screens and statement matching need of invoices (decision 0731): the
 * frozen bank details and names of the document, what is left to pay and the status today.
 * Read without a lock; a payment is applied through `addPaymentToInvoice`, which locks.
 */
export interface InvoiceTransferFacts {
  id: number;
  number: string;
  title: string;
  issuerId: number;
  clientId: number;
  issuerName: string;
  clientName: string;
  iban: string | null;
  bic: string | null;
  leftCents: number;
  cancelled: boolean;
  status: InvoiceStatus;
}

function factsOf(row: repo.InvoiceRow, today: CalendarDate): InvoiceTransferFacts {
  const document = row.document as unknown as Partial<InvoiceDocument>;
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    issuerId: row.issuerId,
    clientId: row.clientId,
    issuerName: document.issuer?.trade_name || document.issuer?.name || '',
    clientName: document.client?.company_name || document.client?.name || '',
    iban: document.bank?.iban || null,
    bic: document.bank?.bic || null,
    leftCents: amountLeftToPay(row),
    cancelled: row.creditedCents >= row.totalTtcCents,
    status: invoiceStatus({ ...row, dueDate: row.dueDate as CalendarDate }, today),
  };
}

export async function invoiceTransferFacts(db: Executor, invoiceIds: number[], today: CalendarDate): Promise<Map<number, InvoiceTransferFacts>> {
  const rows = await invoicesByIds(db, invoiceIds);
  return new Map(rows.map((r) => [r.id, factsOf(r, today)]));
}

/** Invoices not cancelled whose amount left to pay is one of `amounts` (statement matching by amount). */
export async function openInvoicesLeftIn(db: Executor, amounts: number[], today: CalendarDate): Promise<InvoiceTransferFacts[]> {
  const rows = await openInvoicesLeftInRows(db, amounts);
  return rows.map((r) => factsOf(r, today));
}
