import type { Executor } from '@ouvrage/db';
import { conflict, notFound } from '../../lib/errors';
import { queuePaidStatus } from '../e-invoicing';
import { addPaymentToInvoice, type InvoicePaymentFacts } from '../invoices';
import * as repo from './repository';

export interface Confirmation {
  payment: repo.PaymentRow;
  invoice: InvoicePaymentFacts | null;
  /** False when the payment was already confirmed: nothing moved (a replay, a second click). */
  applied: boolean;
}

/**
 * The one place a payment becomes `confirme` and moves its invoice's paid amount, inside the
 * caller's transaction (a webhook's, the checkout return's, the admin's confirmation of a transfer).
 * Idempotent: a payment already confirmed changes nothing. `amountCents` lets an admin confirm a
 * transfer for the amount actually received (partial payments).
 */
export async function confirmPayment(tx: Executor, paymentId: number, options: { at: Date; by?: number | null; amountCents?: number }): Promise<Confirmation> {
  const payment = await repo.lockPayment(tx, paymentId);
  if (!payment) throw notFound('Ce paiement est introuvable.');
  if (payment.status === 'confirme') return { payment, invoice: null, applied: false };
  if (payment.status === 'annule') throw conflict('Ce paiement a été annulé.');
  const amountCents = options.amountCents ?? payment.amountCents;
  const invoice = await addPaymentToInvoice(tx, payment.invoiceId, amountCents);
  const updated = await repo.updatePayment(tx, payment.id, {
    status: 'confirme',
    amountCents,
    confirmedAt: options.at,
    confirmedBy: options.by ?? null,
    failureReason: null,
  });
  // « Encaissée » (CDAR 212) to the PA of an e-invoiced invoice, once per payment (decision 1212).
  await queuePaidStatus(tx, { paymentId: payment.id, invoiceId: payment.invoiceId, amountCents });
  return { payment: updated, invoice, applied: true };
}
