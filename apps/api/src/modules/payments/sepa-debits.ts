import type { Executor } from '@ouvrage/db';
import { parisInstant, sepaDebitDate, todayInParis, type CalendarDate, type SepaDebitFailure } from '@ouvrage/domain';
import { SIMULATED_DEBIT_DELAY_MS, type CheckoutProviderName, type DebitEventType, type DebitIntent, type ProviderMandate } from '../../adapters/card-payment';
import type { AppDeps } from '../../lib/deps';
import { enqueue } from '../jobs';
import { invoicePaymentFacts, lockInvoiceForPayment, type InvoicePaymentFacts } from '../invoices';
import { notify } from '../notifications';
import { findUsers } from '../users';
import { checkoutProvider, settlePaid, type Settlement } from './card-settlement';
import { payLinkUrl } from './pay-links';
import { debitAnnouncedMail, debitRejectedClientMail, debitRejectedIssuerMail } from './sepa-mails';
import { revokeInTransaction, sepaCreditor } from './sepa-mandates';
import * as sepa from './sepa-repository';
import * as repo from './repository';

/**
 * SEPA direct debits of later invoices (decision 1223). When the architect issues a milestone
 * invoice on a contract with an active mandate, the debit is announced (the pre-notification, at
 * least 14 days ahead, never before the due date) and a job takes it on its day: an off-session
 * debit at the provider, « en cours » until the bank answers days later. Each answer — Stripe's
 * `payment_intent.succeeded` / `.payment_failed`, the simulated bank's — is applied exactly once
 * (its event id recorded in the transaction that applies it, as the card's, decision 0730): money
 * received confirms the payment; a rejection marks it failed, the invoice due again (its paid
 * amount never moved), both sides told; a rejection for a revoked mandate revokes it too.
 */

export const SEPA_DEBIT_JOB = 'payments.sepa-debit';
export const SIMULATED_DEBITS_JOB = 'payments.simulated-debits';
export const SIMULATED_DEBITS_EVERY_MS = 5 * 60_000;
const BATCH = 200;

const nameOf = (u: { firstname: string; lastname: string } | undefined) => (u ? `${u.firstname} ${u.lastname}`.trim() : '');
const facts = (invoice: InvoicePaymentFacts, amountCents: number) => ({ number: invoice.number, title: invoice.title, amountCents });

/**
 * In the transaction that issues a milestone invoice: if its contract has an active mandate, the
 * debit of what is left to pay is announced to the client (amount, date, RUM, creditor) and
 * scheduled for its day. Returns the debit's day, or null without a mandate.
 */
export async function announceSepaDebit(deps: AppDeps, tx: Executor, invoiceId: number): Promise<CalendarDate | null> {
  const invoice = await lockInvoiceForPayment(tx, invoiceId);
  const mandate = await sepa.activeMandateOf(tx, invoice.quoteId);
  if (!mandate || invoice.cancelled || invoice.leftCents <= 0) return null;
  const debitOn = sepaDebitDate(todayInParis(deps.clock), invoice.dueDate);
  const payment = await repo.insertPayment(tx, {
    invoiceId: invoice.id,
    clientId: invoice.clientId,
    issuerId: invoice.issuerId,
    method: 'prelevement',
    status: 'en_attente',
    amountCents: invoice.leftCents,
    provider: mandate.provider,
    mandateId: mandate.id,
    debitOn,
    createdAt: deps.clock.now(),
  });
  // The debit on its day, in the morning (Paris); once per payment whoever enqueues it.
  await enqueue(tx, {
    kind: SEPA_DEBIT_JOB,
    payload: { payment_id: payment.id },
    runAt: parisInstant(debitOn, 6, 0),
    idempotencyKey: `sepa-debit-${payment.id}`,
  });
  const [client] = await findUsers(tx, [invoice.clientId]);
  if (client) {
    const creditor = sepaCreditor(deps);
    const link = `/facture/${invoice.id}`;
    await notify(tx, deps, {
      userId: client.id,
      kind: 'sepa_debit_announced',
      params: { number: invoice.number, amount: payment.amountCents, date: debitOn, reference: mandate.reference },
      link,
      localizedMail: (language) =>
        debitAnnouncedMail(
          language,
          facts(invoice, payment.amountCents),
          { reference: mandate.reference, ibanLast4: mandate.ibanLast4, creditorName: creditor.name, creditorId: creditor.id },
          debitOn,
          nameOf(client),
          `${deps.config.publicUrl}${link}`,
        ),
    });
  }
  return debitOn;
}

/**
 * The job on the debit's day: the debit handed to the provider (outside any transaction; the same
 * idempotency key per payment, so a retried job debits once), then recorded « en cours ». Not
 * taken if the mandate was revoked meanwhile, or the invoice paid another way.
 */
export async function submitSepaDebit(deps: AppDeps, paymentId: number): Promise<void> {
  const payment = await repo.findPayment(deps.db, paymentId);
  if (!payment || payment.method !== 'prelevement' || payment.status !== 'en_attente' || payment.submittedAt || !payment.mandateId) return;
  const mandate = await sepa.findMandate(deps.db, payment.mandateId);
  const invoice = await invoicePaymentFacts(deps.db, payment.invoiceId);
  const cancel = async (reason: 'mandate_revoked' | 'paid_otherwise') =>
    deps.db.transaction(async (tx) => {
      const locked = await repo.lockPayment(tx, payment.id);
      if (locked?.status === 'en_attente' && !locked.submittedAt) await repo.updatePayment(tx, payment.id, { status: 'annule', failureReason: reason });
    });
  if (!mandate || mandate.status !== 'active') return void (await cancel('mandate_revoked'));
  if (!invoice || invoice.cancelled || invoice.leftCents <= 0) return void (await cancel('paid_otherwise'));
  const amountCents = Math.min(payment.amountCents, invoice.leftCents);
  const intent = await checkoutProvider(deps).debit({
    paymentId: payment.id,
    amountCents,
    description: `Facture ${invoice.number} — ${invoice.title}`.slice(0, 250),
    mandate: { providerMandateId: mandate.providerMandateId, customerId: mandate.providerCustomerId, paymentMethodId: mandate.providerPaymentMethodId },
  });
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockPayment(tx, payment.id);
    if (locked?.status !== 'en_attente' || locked.submittedAt) return;
    await repo.updatePayment(tx, payment.id, { checkoutId: intent.id, submittedAt: deps.clock.now(), amountCents });
  });
}

/** The bank rejected the debit: the payment failed, the invoice due again (its paid amount never moved), both sides told. */
export async function settleDebitFailed(deps: AppDeps, tx: Executor, paymentId: number, failure: SepaDebitFailure): Promise<Settlement> {
  const payment = await repo.lockPayment(tx, paymentId);
  if (!payment || payment.status !== 'en_attente') return 'unchanged';
  await repo.updatePayment(tx, payment.id, { status: 'echoue', failureReason: failure });
  const invoice = await lockInvoiceForPayment(tx, payment.invoiceId);
  // Rejected because the client revoked the mandate at the bank: no later debit either.
  if (failure === 'mandate_revoked' && payment.mandateId) await revokeInTransaction(deps, tx, payment.mandateId, 'bank');
  const users = await findUsers(tx, [payment.clientId, payment.issuerId]);
  const client = users.find((u) => u.id === payment.clientId);
  const issuer = users.find((u) => u.id === payment.issuerId);
  const params = { number: invoice.number, amount: payment.amountCents };
  const link = `/facture/${payment.invoiceId}`;
  const f = facts(invoice, payment.amountCents);
  if (client) {
    await notify(tx, deps, {
      userId: client.id,
      kind: 'sepa_debit_failed',
      params,
      link,
      localizedMail: (language) => debitRejectedClientMail(language, f, failure, nameOf(client), payLinkUrl(deps, payment.invoiceId)),
    });
  }
  if (issuer) {
    await notify(tx, deps, {
      userId: issuer.id,
      kind: 'sepa_debit_failed',
      params,
      link,
      localizedMail: (language) =>
        debitRejectedIssuerMail(language, f, failure, nameOf(issuer), nameOf(client) || 'Votre client', `${deps.config.publicUrl}${link}`),
    });
  }
  return 'failed';
}

/**
 * A debit's answer applied exactly once: the event id recorded under the payment's lock, in the
 * transaction that applies the debit as re-read from the provider. Stripe's webhook and the
 * simulated bank's sweep both come through here; a replay — or two deliveries at once — changes
 * nothing after the first.
 */
export async function applyDebitEvent(
  deps: AppDeps,
  provider: CheckoutProviderName,
  event: { id: string; type: DebitEventType },
  intent: DebitIntent,
): Promise<void> {
  const payment =
    (await repo.findByCheckout(deps.db, provider, intent.id)) ??
    (intent.paymentId ? await repo.findPayment(deps.db, intent.paymentId).then((p) => (p?.provider === provider ? p : undefined)) : undefined);
  await deps.db.transaction(async (tx) => {
    if (payment) await repo.lockPayment(tx, payment.id);
    const first = await repo.recordEvent(tx, { provider, eventId: event.id, type: event.type, paymentId: payment?.id ?? null, receivedAt: deps.clock.now() });
    // A card's PaymentIntent (the checkout events settle it) or an unknown one: recorded, nothing else.
    if (!first || !payment || payment.method !== 'prelevement') return;
    if (intent.status === 'succeeded') await settlePaid(deps, tx, payment.id, intent.amountCents);
    else if (intent.status === 'failed') await settleDebitFailed(deps, tx, payment.id, intent.failure ?? 'debit_failed');
  });
  void deps.mailer.dispatch();
}

/** Stripe's `mandate.updated`, re-read: an inactive mandate is revoked here (once: the event recorded under its lock). */
export async function applyMandateEvent(
  deps: AppDeps,
  provider: CheckoutProviderName,
  event: { id: string; type: string },
  mandate: ProviderMandate,
): Promise<void> {
  const local = mandate.id ? await sepa.findByProviderMandate(deps.db, provider, mandate.id) : undefined;
  await deps.db.transaction(async (tx) => {
    if (local) await sepa.lockMandate(tx, local.id);
    const first = await repo.recordEvent(tx, { provider, eventId: event.id, type: event.type, paymentId: null, receivedAt: deps.clock.now() });
    if (!first || !local || mandate.status !== 'inactive') return;
    await revokeInTransaction(deps, tx, local.id, 'bank');
  });
  void deps.mailer.dispatch();
}

/** The simulated bank's answer event: one id per debit and outcome, so it is applied once whoever sends it. */
export const simulatedDebitEvent = (intent: DebitIntent) => ({
  id: `${intent.id}:${intent.status}`,
  type: intent.status === 'succeeded' ? ('payment_intent.succeeded' as const) : ('payment_intent.payment_failed' as const),
});

/** The simulated bank answers the debits handed to it SIMULATED_DEBIT_DELAY_MS ago or more; returns how many were applied. */
export async function settleSimulatedDebits(deps: AppDeps): Promise<number> {
  const provider = checkoutProvider(deps);
  if (provider.name !== 'simule') return 0;
  const before = new Date(deps.clock.now().getTime() - SIMULATED_DEBIT_DELAY_MS);
  let settled = 0;
  for (const intentId of await sepa.simulatedDebitsSubmittedBefore(deps.db, before, BATCH)) {
    const intent = await provider.retrieveDebit(intentId);
    if (intent.status === 'processing') continue;
    await applyDebitEvent(deps, 'simule', simulatedDebitEvent(intent), intent);
    settled += 1;
  }
  return settled;
}
