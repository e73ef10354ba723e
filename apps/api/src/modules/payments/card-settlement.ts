import type { Executor } from '@ouvrage/db';
import type { Language } from '@ouvrage/domain';
import type { CheckoutProvider, CheckoutSession } from '../../adapters/card-payment';
import type { AppDeps } from '../../lib/deps';
import { lockInvoiceForPayment, type InvoicePaymentFacts } from '../invoices';
import { notify } from '../notifications';
import { findUsers } from '../users';
import { paymentFailedMail, paymentNotAppliedMail, paymentReceivedClientMail, paymentReceivedIssuerMail } from './card-mails';
import { confirmPayment } from './confirm-payment';
import { payLinkUrl } from './pay-links';
import * as repo from './repository';
import { debitReceivedClientMail, debitReceivedIssuerMail } from './sepa-mails';
import { recordCheckoutDebit } from './sepa-mandates';

/**
 * What a card checkout's outcome does to our payment (decision 0730), always inside the caller's
 * transaction and with the payment row locked first, then the invoice's: a paid session confirms
 * the payment once (confirmPayment), a declined or failed one marks it `echoue`, an expired one
 * `annule`. A payment no longer `en_attente` is never changed again, so the webhook, the return
 * page's authorize and a replay may all arrive, in any order, and only the first one acts.
 */

const providers = new WeakMap<AppDeps, CheckoutProvider>();

export function useCheckoutProvider(deps: AppDeps, provider: CheckoutProvider): void {
  providers.set(deps, provider);
}

export function checkoutProvider(deps: AppDeps): CheckoutProvider {
  const provider = providers.get(deps);
  if (!provider) throw new Error('Aucun prestataire de paiement par carte enregistré.');
  return provider;
}

export type Settlement = 'confirmed' | 'failed' | 'cancelled' | 'unchanged';

const nameOf = (u: { firstname: string; lastname: string } | undefined) => (u ? `${u.firstname} ${u.lastname}`.trim() : '');

async function people(tx: Executor, payment: repo.PaymentRow) {
  const users = await findUsers(tx, [payment.clientId, payment.issuerId]);
  return { client: users.find((u) => u.id === payment.clientId), issuer: users.find((u) => u.id === payment.issuerId) };
}

/** The provider took the money: confirm the payment for the amount it says it took, unless the invoice no longer expects it. */
export async function settlePaid(deps: AppDeps, tx: Executor, paymentId: number, providerAmountCents: number | null): Promise<Settlement> {
  const payment = await repo.lockPayment(tx, paymentId);
  if (!payment || payment.status !== 'en_attente') return 'unchanged';
  const amountCents = providerAmountCents ?? payment.amountCents;
  const invoice = await lockInvoiceForPayment(tx, payment.invoiceId);
  if (invoice.cancelled || amountCents > invoice.leftCents) {
    // Paid at the provider for an invoice that no longer expected it (another payment arrived
    // first, or a credit note cancelled it): recorded as failed, to be refunded; paid_cents untouched.
    await repo.updatePayment(tx, payment.id, { status: 'echoue', amountCents, failureReason: invoice.cancelled ? 'invoice_cancelled' : 'over_due' });
    const { client } = await people(tx, payment);
    if (client) {
      await notify(tx, deps, {
        userId: client.id,
        kind: 'payment_failed',
        params: { number: invoice.number, amount: amountCents },
        link: '/payment/list',
        localizedMail: (language) =>
          paymentNotAppliedMail(language, facts(invoice, amountCents), nameOf(client), invoice.cancelled, `${deps.config.publicUrl}/payment/list`),
      });
    }
    return 'failed';
  }
  const confirmation = await confirmPayment(tx, payment.id, { at: deps.clock.now(), by: null, amountCents });
  if (!confirmation.applied) return 'unchanged';
  const after = confirmation.invoice ?? invoice;
  const { client, issuer } = await people(tx, payment);
  const f = facts(after, amountCents);
  const params = { number: after.number, amount: amountCents };
  // A SEPA debit received (decision 1223) says so; a card's mail says « par carte ».
  const debit = payment.method === 'prelevement';
  const invoiceUrl = `${deps.config.publicUrl}/facture/${payment.invoiceId}`;
  if (client) {
    const localizedMail = (language: Language) =>
      debit
        ? debitReceivedClientMail(language, f, nameOf(client), invoiceUrl)
        : paymentReceivedClientMail(language, f, nameOf(client), `${deps.config.publicUrl}/payment/list`);
    await notify(tx, deps, { userId: client.id, kind: 'payment_received', params, link: `/facture/${payment.invoiceId}`, localizedMail });
  }
  if (issuer) {
    const localizedMail = (language: Language) =>
      debit
        ? debitReceivedIssuerMail(language, f, nameOf(issuer), nameOf(client) || 'Votre client', invoiceUrl)
        : paymentReceivedIssuerMail(language, f, nameOf(issuer), nameOf(client) || 'Votre client', invoiceUrl);
    await notify(tx, deps, { userId: issuer.id, kind: 'payment_received', params, link: `/facture/${payment.invoiceId}`, localizedMail });
  }
  return 'confirmed';
}

/** The card was declined or the bank refused later: nothing was taken; the client is told and may retry. */
export async function settleFailed(deps: AppDeps, tx: Executor, paymentId: number, reason: 'card_declined' | 'async_failed'): Promise<Settlement> {
  const payment = await repo.lockPayment(tx, paymentId);
  if (!payment || payment.status !== 'en_attente') return 'unchanged';
  await repo.updatePayment(tx, payment.id, { status: 'echoue', failureReason: reason });
  const invoice = await lockInvoiceForPayment(tx, payment.invoiceId);
  const { client } = await people(tx, payment);
  if (client) {
    await notify(tx, deps, {
      userId: client.id,
      kind: 'payment_failed',
      params: { number: invoice.number, amount: payment.amountCents },
      link: `/facture/${payment.invoiceId}`,
      localizedMail: (language) =>
        paymentFailedMail(language, facts(invoice, payment.amountCents), nameOf(client), reason, payLinkUrl(deps, payment.invoiceId)),
    });
  }
  return 'failed';
}

/** The checkout expired without payment. */
export async function settleExpired(tx: Executor, paymentId: number): Promise<Settlement> {
  const payment = await repo.lockPayment(tx, paymentId);
  if (!payment || payment.status !== 'en_attente') return 'unchanged';
  await repo.updatePayment(tx, payment.id, { status: 'annule', failureReason: 'expired' });
  return 'cancelled';
}

/**
 * A session as re-read from the provider: paid → confirmed, expired → cancelled, otherwise still
 * pending. Paid by SEPA debit at Stripe (decision 1223): the payment becomes a debit « en cours »
 * and the mandate is kept for the contract, before the money (days later) is applied.
 */
export async function applySession(deps: AppDeps, tx: Executor, paymentId: number, session: CheckoutSession): Promise<Settlement> {
  if (session.method === 'sepa_debit') {
    const payment = await repo.lockPayment(tx, paymentId);
    if (payment) await recordCheckoutDebit(deps, tx, payment, session.mandate);
  }
  if (session.paid) return settlePaid(deps, tx, paymentId, session.amountCents);
  if (session.status === 'expired') return settleExpired(tx, paymentId);
  return 'unchanged';
}

function facts(invoice: InvoicePaymentFacts, amountCents: number) {
  return { number: invoice.number, title: invoice.title, amountCents, leftCents: invoice.leftCents };
}
