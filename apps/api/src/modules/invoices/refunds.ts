import type { InvoiceDetail, RefundBody } from '@ouvrage/contracts';
import { refundRefusal, todayInParis, type Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden, notFound, refuse, refused } from '../../lib/errors';
import { notify } from '../notifications';
import { invoiceDetail } from './invoice-views';
import * as repo from './repository';
import * as refunds from './refunds-repository';

/**
 * `POST api/facture/{id}/remboursement` (decision 1062): the issuer records a refund made to the
 * client of what a credit note left overpaid — no more than is owed, dated no later than today —
 * in one transaction with the invoice locked; the client is told.
 */
export async function recordRefund(deps: AppDeps, caller: Caller, invoiceId: number, body: RefundBody): Promise<InvoiceDetail> {
  return deps.db.transaction(async (tx) => {
    const invoice = await repo.lockInvoice(tx, invoiceId);
    if (!invoice) throw notFound('Cette facture est introuvable.');
    if (caller.user_type !== 'admin' && caller.id !== invoice.issuerId) throw forbidden('Seul l’émetteur de la facture peut enregistrer un remboursement.');
    if (body.refunded_on > todayInParis(deps.clock)) {
      throw refuse('TRANSFER_DATE_IN_FUTURE', 'La date ne peut pas être dans le futur.', {}, { refunded_on: 'La date ne peut pas être dans le futur.' });
    }
    const refusal = refundRefusal(invoice, body.amount_cents);
    if (refusal) throw refused(refusal);
    const updated = await refunds.insertRefund(tx, {
      invoiceId: invoice.id,
      amountCents: body.amount_cents,
      refundedOn: body.refunded_on,
      recordedBy: caller.id,
      recordedAt: deps.clock.now(),
    });
    await notify(tx, deps, {
      userId: invoice.clientId,
      kind: 'invoice_refunded',
      params: { number: invoice.number, amount: body.amount_cents, date: body.refunded_on },
      link: `/facture/${invoice.id}`,
    });
    return invoiceDetail(deps, updated, await repo.creditNotesOf(tx, [invoice.id]), caller, await refunds.refundsOf(tx, invoice.id));
  });
}
