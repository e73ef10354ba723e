import type { InvoiceDocument } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import { amountLeftToPay, formatEuros, type CalendarDate, type InvoiceKind } from '@ouvrage/domain';
import { conflict, notFound, refuse } from '../../lib/errors';
import { addPaidCents } from './payment-facts-repository';
import * as repo from './repository';

/** What the payments module needs of an invoice, read with the row locked (decision 0730). */
export interface InvoicePaymentFacts {
  id: number;
  number: string;
  /** The stored French title: mails and the card provider's description print it. */
  title: string;
  kind: InvoiceKind;
  situationIndex: number | null;
  quoteLabel: string;
  issuerId: number;
  clientId: number;
  projectId: number;
  /** The contract (quote) invoiced: its SEPA mandate debits it (decision 1223). */
  quoteId: number;
  dueDate: CalendarDate;
  totalTtcCents: number;
  paidCents: number;
  /** What is still to be paid (TTC − credit notes − retenue − payments). */
  leftCents: number;
  cancelled: boolean;
}

/**
 * The invoice locked until the caller's transaction ends: every payment that moves `paid_cents`
 * takes this lock first, so two payments of one invoice are applied one after the other.
 */
export async function lockInvoiceForPayment(tx: Executor, invoiceId: number): Promise<InvoicePaymentFacts> {
  const row = await repo.lockInvoice(tx, invoiceId);
  if (!row) throw notFound('Cette facture est introuvable.');
  return factsOf(row);
}

/** The same facts without a lock, for screens. */
export async function invoicePaymentFacts(db: Executor, invoiceId: number): Promise<InvoicePaymentFacts | undefined> {
  const row = await repo.findInvoice(db, invoiceId);
  return row && factsOf(row);
}

function factsOf(row: repo.InvoiceRow): InvoicePaymentFacts {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    kind: row.kind,
    situationIndex: row.situationIndex ?? null,
    quoteLabel: (row.document as unknown as InvoiceDocument).quote.label,
    issuerId: row.issuerId,
    clientId: row.clientId,
    projectId: row.projectId,
    quoteId: row.quoteId,
    dueDate: row.dueDate as CalendarDate,
    totalTtcCents: row.totalTtcCents,
    paidCents: row.paidCents,
    leftCents: amountLeftToPay(row),
    cancelled: row.creditedCents >= row.totalTtcCents,
  };
}

/**
 * Moves the invoice's paid amount by a confirmed payment, inside the caller's transaction and after
 * `lockInvoiceForPayment`. Refused (409) when the invoice is cancelled or the amount exceeds what is
 * left to pay: the payment's own transaction then rolls back whole.
 */
export async function addPaymentToInvoice(tx: Executor, invoiceId: number, cents: number): Promise<InvoicePaymentFacts> {
  const facts = await lockInvoiceForPayment(tx, invoiceId);
  if (facts.cancelled)
    throw refuse('PAYMENT_INVOICE_CANCELLED', `La facture ${facts.number} est annulée : elle ne peut plus être payée.`, { number: facts.number });
  if (!Number.isSafeInteger(cents) || cents <= 0) throw conflict('Le montant d’un paiement doit être positif.');
  if (cents > facts.leftCents) {
    throw refuse(
      'PAYMENT_OVER_DUE',
      `Le paiement (${formatEuros(cents)}) dépasse ce qui reste à payer sur la facture ${facts.number} (${formatEuros(facts.leftCents)}).`,
      {
        number: facts.number,
        left_cents: facts.leftCents,
        left: formatEuros(facts.leftCents),
      },
    );
  }
  return factsOf(await addPaidCents(tx, invoiceId, cents));
}
