import { PAYMENT_ERRORS } from '@ouvrage/contracts';
import {
  CheckoutUnavailableError,
  isCheckoutEvent,
  isDebitEvent,
  MANDATE_EVENT,
  WebhookSignatureError,
  type CheckoutEventType,
  type CheckoutProviderName,
  type CheckoutSession,
} from '../../adapters/card-payment';
import type { AppDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { applySession, checkoutProvider, settleFailed } from './card-settlement';
import * as repo from './repository';
import { applyDebitEvent, applyMandateEvent, settleDebitFailed } from './sepa-debits';

/**
 * `POST /api/webhooks/stripe` (decision 0730): the signature is checked on the raw body; the
 * session is re-read from Stripe (the event is a hint, the API's answer is the truth); the event
 * id is recorded in the transaction that applies it, so a replay — or ten deliveries at once —
 * changes nothing after the first. An error before the commit leaves the event unrecorded: Stripe
 * delivers it again.
 */
export async function receiveStripeEvent(deps: AppDeps, rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
  const provider = checkoutProvider(deps);
  if (provider.name !== 'stripe') throw new AppError('NOT_FOUND', 'Le paiement par Stripe n’est pas configuré sur cette plateforme.');
  let event;
  try {
    event = provider.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError)
      throw new AppError(PAYMENT_ERRORS.webhookSignature, 'Signature du webhook Stripe invalide.', undefined, {}, 400);
    throw error;
  }
  // The object is re-read at Stripe in every case: Stripe unreachable → 503, the event unrecorded, Stripe delivers it again.
  const reread = async <T>(read: () => Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch (error) {
      if (error instanceof CheckoutUnavailableError) throw new AppError('SERVICE_UNAVAILABLE');
      throw error;
    }
  };
  // SEPA direct debit (decision 1223): a debit's answer, a mandate revoked at the bank.
  if (isDebitEvent(event.type) && event.intentId) {
    const intent = await reread(() => provider.retrieveDebit(event.intentId!));
    await applyDebitEvent(deps, 'stripe', { id: event.id, type: event.type }, intent);
    return { received: true };
  }
  if (event.type === MANDATE_EVENT && event.mandateId) {
    const mandate = await reread(() => provider.retrieveMandate(event.mandateId!));
    await applyMandateEvent(deps, 'stripe', { id: event.id, type: event.type }, mandate);
    return { received: true };
  }
  if (!isCheckoutEvent(event.type) || !event.sessionId) return { received: true };

  const session = await reread(() => provider.retrieve(event.sessionId!));
  await applyCheckoutEvent(deps, 'stripe', { id: event.id, type: event.type }, session);
  return { received: true };
}

/**
 * A provider's checkout event applied exactly once (decisions 0730, 1072): the event id is recorded
 * in the transaction that applies the session as re-read from the provider, so a replay — or ten
 * deliveries at once — changes nothing after the first. Stripe's webhook and the simulated
 * checkout's expiry (`checkout.session.expired`, it has no webhook) both come through here.
 */
export async function applyCheckoutEvent(
  deps: AppDeps,
  provider: CheckoutProviderName,
  event: { id: string; type: CheckoutEventType },
  session: CheckoutSession,
): Promise<void> {
  const payment =
    (await repo.findByCheckout(deps.db, provider, session.id)) ??
    (session.paymentId ? await repo.findPayment(deps.db, session.paymentId).then((p) => (p?.provider === provider ? p : undefined)) : undefined);

  const type = event.type;
  await deps.db.transaction(async (tx) => {
    // The payment row first, then the event: two different events of one session wait on the row
    // instead of each holding the key-share lock the event's foreign key takes (a deadlock).
    if (payment) await repo.lockPayment(tx, payment.id);
    const first = await repo.recordEvent(tx, { provider, eventId: event.id, type, paymentId: payment?.id ?? null, receivedAt: deps.clock.now() });
    if (!first || !payment) return;
    // The session is read again at the provider: a « failed » event for a session since paid is not believed.
    // A SEPA debit rejected (decision 1223) reopens the invoice and tells both sides.
    if (type === 'checkout.session.async_payment_failed' && !session.paid) {
      if (session.method === 'sepa_debit') {
        await applySession(deps, tx, payment.id, session);
        await settleDebitFailed(deps, tx, payment.id, session.failure ?? 'debit_failed');
      } else await settleFailed(deps, tx, payment.id, 'async_failed');
    } else await applySession(deps, tx, payment.id, session);
  });
  void deps.mailer.dispatch();
}
