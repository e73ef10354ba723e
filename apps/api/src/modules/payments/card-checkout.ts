import { PAYMENT_ERRORS, type CheckoutAnswer, type InvoicePaymentSummary, type PaymentOutcome } from '@ouvrage/contracts';
import { refusal, type Caller, type Refusal } from '@ouvrage/domain';
import { CheckoutUnavailableError, simulatedCardExpired, simulatedCardOutcome } from '../../adapters/card-payment';
import type { AppDeps } from '../../lib/deps';
import { AppError, refuse, refused } from '../../lib/errors';
import { invoicePaymentFacts, type InvoicePaymentFacts } from '../invoices';
import { findUsers } from '../users';
import { applySession, checkoutProvider, settleFailed, settlePaid } from './card-settlement';
import { listPaymentsOfInvoice } from './list-repository';
import { assertPaymentAccess, payLinkFor } from './pay-links';
import { paymentItem, paymentItems } from './payment-views';
import * as repo from './repository';
import { expireSimulatedSession } from './simulated-expiry';
import { acceptSimulatedMandate, sepaOfferFor } from './sepa-mandates';
import * as sepa from './sepa-repository';

/**
 * Card payments (decision 0730): open a checkout for what is left to pay, take the simulated card,
 * re-read a checkout on the client's return. The money moves only in card-settlement.ts.
 */

/** The simulated card page's refusals (decision 1072): 400, on their field, translated by their code. */
const cardInvalid = () =>
  refusal(PAYMENT_ERRORS.cardInvalid, 'Ce numéro de carte n’est pas valide : sa clé de contrôle est fausse. Vérifiez les 16 chiffres.', {}, 400);
const cardExpired = (expiry: string) =>
  refusal(PAYMENT_ERRORS.cardExpired, `Cette carte a expiré (fin ${expiry}) : utilisez une carte en cours de validité.`, { expiry }, 400);
const cardRefusal = (r: Refusal, field: 'card_number' | 'expiry') => refused(r, { [field]: r.message });
const checkoutExpired = () =>
  refuse(
    PAYMENT_ERRORS.checkoutExpired,
    'Ce paiement a expiré : la page de paiement est restée ouverte plus de 30 minutes. Relancez un paiement depuis la facture.',
  );

const unavailable = () =>
  new AppError(
    PAYMENT_ERRORS.providerUnavailable,
    'Le service de paiement par carte est momentanément indisponible. Réessayez dans quelques instants.',
    undefined,
    {},
    503,
  );

/** The invoice, once the caller may see its payments: an unknown invoice reads 403 (404 for admins), as ownership does. */
async function invoiceFor(
  deps: AppDeps,
  caller: Caller | null,
  invoiceId: number,
  token: string | undefined,
  access: 'pay' | 'read',
): Promise<InvoicePaymentFacts> {
  const invoice = await invoicePaymentFacts(deps.db, invoiceId);
  if (!invoice) {
    if (!caller && !token) throw new AppError('UNAUTHENTICATED');
    throw new AppError(caller?.user_type === 'admin' ? 'NOT_FOUND' : 'FORBIDDEN');
  }
  assertPaymentAccess(deps, { caller, token, invoice, access });
  return invoice;
}

async function paymentFor(deps: AppDeps, caller: Caller | null, paymentId: number, token: string | undefined, access: 'pay' | 'read') {
  const payment = await repo.findPayment(deps.db, paymentId);
  if (!payment) {
    if (!caller && !token) throw new AppError('UNAUTHENTICATED');
    throw new AppError(caller?.user_type === 'admin' ? 'NOT_FOUND' : 'FORBIDDEN');
  }
  const invoice = await invoiceFor(deps, caller, payment.invoiceId, token, access);
  return { payment, invoice };
}

async function outcomeOf(deps: AppDeps, paymentId: number): Promise<PaymentOutcome> {
  const payment = (await repo.findPayment(deps.db, paymentId))!;
  const invoice = await invoicePaymentFacts(deps.db, payment.invoiceId);
  return { payment: paymentItem(payment, invoice), left_to_pay_cents: invoice?.leftCents ?? 0 };
}

/** `GET api/paiement/facture/{id}`: what the checkout page and the invoice page show of its payments. */
export async function invoicePaymentSummary(
  deps: AppDeps,
  caller: Caller | null,
  invoiceId: number,
  token: string | undefined,
): Promise<InvoicePaymentSummary> {
  const invoice = await invoiceFor(deps, caller, invoiceId, token, 'read');
  const [rows, [issuer], offer, inProgress] = await Promise.all([
    listPaymentsOfInvoice(deps.db, invoice.id),
    findUsers(deps.db, [invoice.issuerId]),
    sepaOfferFor(deps, invoice, caller),
    sepa.debitInProgress(deps.db, invoice.id),
  ]);
  const isClient = caller?.id === invoice.clientId;
  const mayPay = isClient || (!!token && caller?.id !== invoice.issuerId);
  const sharer = isClient || caller?.id === invoice.issuerId;
  return {
    invoice_id: invoice.id,
    number: invoice.number,
    kind: invoice.kind,
    situation_index: invoice.situationIndex,
    quote_label: invoice.quoteLabel,
    issuer_name: issuer ? `${issuer.firstname} ${issuer.lastname}`.trim() : '',
    due_date: invoice.dueDate,
    total_ttc_cents: invoice.totalTtcCents,
    left_to_pay_cents: invoice.leftCents,
    payments: await paymentItems(deps.db, rows),
    can_pay: mayPay && !invoice.cancelled && invoice.leftCents > 0 && !inProgress,
    pay_link: sharer && !invoice.cancelled && invoice.leftCents > 0 ? payLinkFor(deps, invoice.id) : null,
    sepa: offer,
    debit_in_progress: inProgress,
  };
}

/**
 * `POST api/paiement/checkout/{id}`: a pending card payment for all that is left to pay, and a
 * checkout at the provider for it. The provider is called outside any transaction; if it cannot
 * be reached the payment is marked failed and the client may simply try again.
 */
export async function createCheckout(deps: AppDeps, caller: Caller | null, invoiceId: number, token: string | undefined): Promise<CheckoutAnswer> {
  const invoice = await invoiceFor(deps, caller, invoiceId, token, 'pay');
  if (invoice.cancelled)
    throw refuse('PAYMENT_INVOICE_CANCELLED', `La facture ${invoice.number} est annulée : elle ne peut plus être payée.`, { number: invoice.number });
  if (invoice.leftCents <= 0) throw refuse(PAYMENT_ERRORS.nothingDue, `La facture ${invoice.number} est déjà entièrement payée.`, { number: invoice.number });
  // A SEPA debit with the bank (decision 1223): its answer first, or the invoice could be paid twice.
  if (await sepa.debitInProgress(deps.db, invoice.id))
    throw refuse(PAYMENT_ERRORS.debitInProgress, `Un prélèvement de la facture ${invoice.number} est en cours : attendez la réponse de la banque.`, {
      number: invoice.number,
    });
  const provider = checkoutProvider(deps);
  const hasMandate = Boolean(await sepa.activeMandateOf(deps.db, invoice.quoteId));
  const payment = await repo.insertPayment(deps.db, {
    invoiceId: invoice.id,
    clientId: invoice.clientId,
    issuerId: invoice.issuerId,
    method: 'carte',
    status: 'en_attente',
    amountCents: invoice.leftCents,
    provider: provider.name,
    createdBy: caller?.id ?? null,
    createdAt: deps.clock.now(),
  });
  const link = payLinkFor(deps, invoice.id);
  const back = `${deps.config.publicUrl}/payment/traitement?paiement=${payment.id}&t=${encodeURIComponent(link.token)}`;
  const [client] = await findUsers(deps.db, [invoice.clientId]);
  let session;
  try {
    session = await provider.create({
      paymentId: payment.id,
      amountCents: payment.amountCents,
      description: `Facture ${invoice.number} — ${invoice.title}`.slice(0, 250),
      customerEmail: client?.email ?? null,
      successUrl: back,
      cancelUrl: `${back}&retour=annule`,
      payToken: link.token,
      // SEPA direct debit beside the card; its mandate kept for the contract's later invoices unless one is active.
      offerSepa: true,
      saveMandate: !hasMandate,
    });
  } catch (error) {
    if (!(error instanceof CheckoutUnavailableError)) throw error;
    await repo.updatePayment(deps.db, payment.id, { status: 'echoue', failureReason: 'provider_error' });
    throw unavailable();
  }
  await repo.updatePayment(deps.db, payment.id, { checkoutId: session.id });
  return { payment_id: payment.id, provider: provider.name, url: session.url ?? back, amount_cents: payment.amountCents, token: link.token };
}

/** `POST api/paiement/simulation/{id}`: the simulated checkout's card form. Accepted → confirmed at once; declined → failed. */
export async function payWithSimulatedCard(
  deps: AppDeps,
  caller: Caller | null,
  paymentId: number,
  body: { token?: string; card_number: string; expiry: string },
): Promise<PaymentOutcome> {
  const { payment } = await paymentFor(deps, caller, paymentId, body.token, 'pay');
  if (payment.provider !== 'simule') throw refuse(PAYMENT_ERRORS.notSimulated, 'Ce paiement se fait sur la page du prestataire de paiement.');
  if (payment.status === 'confirme') return outcomeOf(deps, payment.id);
  // Paid by SEPA debit on this page already (decision 1223): not a card any more.
  if (payment.method !== 'carte') throw refuse(PAYMENT_ERRORS.closed, 'Ce paiement est terminé. Relancez un paiement depuis la facture.');
  // A page left open past its 30 minutes: the checkout expires now, through the event path, and the card is refused.
  if (payment.status === 'en_attente' && payment.checkoutId && (await expireSimulatedSession(deps, payment.checkoutId))) throw checkoutExpired();
  if (payment.status === 'annule' && payment.failureReason === 'expired') throw checkoutExpired();
  if (payment.status !== 'en_attente') throw refuse(PAYMENT_ERRORS.closed, 'Ce paiement est terminé. Relancez un paiement depuis la facture.');
  // What a card page checks before asking the bank: the number's check digit, then the expiry (nothing changes).
  const outcome = simulatedCardOutcome(body.card_number);
  if (outcome === 'invalid') throw cardRefusal(cardInvalid(), 'card_number');
  if (simulatedCardExpired(body.expiry, deps.clock.now())) throw cardRefusal(cardExpired(body.expiry), 'expiry');
  await deps.db.transaction(async (tx) => {
    if (outcome === 'declined') await settleFailed(deps, tx, payment.id, 'card_declined');
    else await settlePaid(deps, tx, payment.id, payment.amountCents);
  });
  void deps.mailer.dispatch();
  return outcomeOf(deps, payment.id);
}

/**
 * `POST api/paiement/simulation-sepa/{id}`: the simulated checkout's « Prélèvement SEPA » (decision
 * 1223) — the same checks of the payment as the card's, then the mandate (sepa-mandates.ts).
 */
export async function payWithSimulatedSepa(
  deps: AppDeps,
  caller: Caller | null,
  paymentId: number,
  body: { token?: string; holder_name?: string; iban?: string },
): Promise<PaymentOutcome> {
  const { payment, invoice } = await paymentFor(deps, caller, paymentId, body.token, 'pay');
  if (payment.provider !== 'simule') throw refuse(PAYMENT_ERRORS.notSimulated, 'Ce paiement se fait sur la page du prestataire de paiement.');
  if (payment.method === 'prelevement' || payment.status === 'confirme') return outcomeOf(deps, payment.id);
  if (payment.status === 'en_attente' && payment.checkoutId && (await expireSimulatedSession(deps, payment.checkoutId))) throw checkoutExpired();
  if (payment.status === 'annule' && payment.failureReason === 'expired') throw checkoutExpired();
  if (payment.status !== 'en_attente') throw refuse(PAYMENT_ERRORS.closed, 'Ce paiement est terminé. Relancez un paiement depuis la facture.');
  return acceptSimulatedMandate(deps, payment, invoice, body, (id) => outcomeOf(deps, id));
}

/**
 * `POST api/paiement/authorize/{id}`: on the client's return, the checkout is re-read from the
 * provider and applied like a webhook would; safe to call any number of times, concurrently with
 * the webhook (both lock the payment row; the second finds it no longer pending).
 */
export async function authorizePayment(deps: AppDeps, caller: Caller | null, paymentId: number, token: string | undefined): Promise<PaymentOutcome> {
  const { payment } = await paymentFor(deps, caller, paymentId, token, 'read');
  if (payment.status === 'en_attente' && payment.checkoutId && payment.provider === checkoutProvider(deps).name) {
    let session;
    try {
      session = await checkoutProvider(deps).retrieve(payment.checkoutId);
    } catch (error) {
      if (!(error instanceof CheckoutUnavailableError)) throw error;
      throw unavailable();
    }
    await deps.db.transaction((tx) => applySession(deps, tx, payment.id, session));
    void deps.mailer.dispatch();
  }
  return outcomeOf(deps, payment.id);
}
