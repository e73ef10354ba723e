import { PAYMENT_ERRORS, type PaymentOutcome, type SepaMandateItem, type SepaOffer } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import { calendarDateAt, compactIban, ibanLast4, ibanProblem, mandateReference, refusal, type Caller, type IbanProblem } from '@ouvrage/domain';
import { CheckoutUnavailableError, simulatedIbanOutcome, simulatedPaymentMethodOf, type ProviderMandate } from '../../adapters/card-payment';
import { DEMO_SEPA_CREDITOR, type SepaCreditor } from '../../config';
import type { AppDeps } from '../../lib/deps';
import { AppError, refuse, refused } from '../../lib/errors';
import { lockInvoiceForPayment, type InvoicePaymentFacts } from '../invoices';
import { notify } from '../notifications';
import { findUsers } from '../users';
import { checkoutProvider } from './card-settlement';
import { mandateRevokedMail } from './sepa-mails';
import * as sepa from './sepa-repository';
import * as repo from './repository';

/**
 * SEPA mandates (decision 1223): accepted once per contract on the checkout — the simulated page's
 * « Prélèvement SEPA » (IBAN checked by mod 97, creditor and RUM shown, mandate text accepted), or
 * Stripe Checkout's sepa_debit kept for later (setup_future_usage) — then revoked by the client on
 * the platform, or at the bank (Stripe's `mandate.updated`, a debit rejected as unauthorised).
 */

export const sepaCreditor = (deps: AppDeps): SepaCreditor => deps.config.payments.sepaCreditor ?? DEMO_SEPA_CREDITOR;

const isUniqueViolation = (e: unknown) => {
  const error = e as { code?: string; cause?: { code?: string } } | undefined;
  return error?.code === '23505' || error?.cause?.code === '23505';
};

const IBAN_MESSAGES: Record<IbanProblem, string> = {
  format: 'Cet IBAN n’a pas la forme d’un IBAN : deux lettres de pays, deux chiffres de contrôle, puis le numéro de compte.',
  not_sepa: 'Ce compte n’est pas dans la zone SEPA : le prélèvement SEPA demande un compte d’un pays SEPA.',
  length: 'Cet IBAN n’a pas le bon nombre de caractères pour son pays.',
  checksum: 'Cet IBAN n’est pas valide : sa clé de contrôle est fausse. Vérifiez chaque caractère.',
};
const ibanInvalid = (problem: IbanProblem) =>
  refused(refusal(PAYMENT_ERRORS.ibanInvalid, IBAN_MESSAGES[problem], { problem }, 400), { iban: IBAN_MESSAGES[problem] });
const mandateExists = (reference: string) =>
  refuse(PAYMENT_ERRORS.mandateExists, `Ce contrat a déjà un mandat de prélèvement SEPA actif (${reference}) : le prélèvement se fait sur ce mandat.`, {
    reference,
  });

export function mandateItem(deps: AppDeps, row: sepa.SepaMandateRow, caller: Caller | null): SepaMandateItem {
  const creditor = sepaCreditor(deps);
  return {
    id: row.id,
    quote_id: row.quoteId,
    reference: row.reference,
    status: row.status,
    holder_name: row.holderName,
    iban_last4: row.ibanLast4,
    bank_country: row.bankCountry,
    accepted_at: row.acceptedAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    revoked_reason: row.revokedReason,
    creditor_name: creditor.name,
    creditor_id: creditor.id,
    can_revoke: row.status === 'active' && !!caller && (caller.id === row.clientId || caller.user_type === 'admin'),
  };
}

/** What the checkout page needs to offer « Prélèvement SEPA » on the invoice's contract. */
export async function sepaOfferFor(deps: AppDeps, invoice: InvoicePaymentFacts, caller: Caller | null): Promise<SepaOffer> {
  const creditor = sepaCreditor(deps);
  const mandate = await sepa.latestMandateOf(deps.db, invoice.quoteId);
  const active = mandate?.status === 'active';
  return {
    creditor_name: creditor.name,
    creditor_id: creditor.id,
    next_reference: active ? null : mandateReference(invoice.quoteId, (await sepa.mandateCount(deps.db, invoice.quoteId)) + 1),
    mandate: mandate ? mandateItem(deps, mandate, caller) : null,
  };
}

/**
 * A mandate accepted for the contract, in the caller's transaction. A second active mandate of one
 * contract fails on the partial unique index: the caller answers PAYMENT_MANDATE_EXISTS.
 */
async function insertMandate(
  deps: AppDeps,
  tx: Executor,
  invoice: InvoicePaymentFacts,
  provider: string,
  values: { holderName: string; ibanLast4: string; bankCountry: string; reference: string | null } & Partial<ProviderMandate>,
) {
  return sepa.insertMandate(tx, {
    quoteId: invoice.quoteId,
    clientId: invoice.clientId,
    issuerId: invoice.issuerId,
    provider,
    reference: values.reference ?? mandateReference(invoice.quoteId, (await sepa.mandateCount(tx, invoice.quoteId)) + 1),
    status: 'active',
    holderName: values.holderName,
    ibanLast4: values.ibanLast4,
    bankCountry: values.bankCountry,
    providerMandateId: values.id ?? null,
    providerCustomerId: values.customerId ?? null,
    providerPaymentMethodId: values.paymentMethodId ?? null,
    acceptedAt: deps.clock.now(),
  });
}

/**
 * `POST api/paiement/simulation-sepa/{id}`: the simulated checkout's « Prélèvement SEPA ». The IBAN
 * is checked (400 on its field, nothing changed); the mandate is accepted for the contract — once:
 * with an active one the payment is debited under it — and the payment becomes a debit handed to
 * the simulated bank, « en cours » until it answers days later (`settleSimulatedDebits`).
 */
export async function acceptSimulatedMandate(
  deps: AppDeps,
  payment: repo.PaymentRow,
  invoice: InvoicePaymentFacts,
  body: { holder_name?: string; iban?: string },
  outcome: (paymentId: number) => Promise<PaymentOutcome>,
): Promise<PaymentOutcome> {
  const iban = body.iban ? compactIban(body.iban) : null;
  if (iban) {
    const problem = ibanProblem(iban);
    if (problem) throw ibanInvalid(problem);
    if (!body.holder_name) {
      const message = 'Saisissez le nom du titulaire du compte.';
      throw new AppError('VALIDATION', message, { holder_name: message });
    }
  }
  try {
    await deps.db.transaction(async (tx) => {
      const locked = await repo.lockPayment(tx, payment.id);
      // Accepted twice (two clicks): the second finds the debit with the bank and changes nothing.
      if (!locked || locked.status !== 'en_attente' || locked.method !== 'carte') return;
      const facts = await lockInvoiceForPayment(tx, invoice.id);
      const active = await sepa.activeMandateOf(tx, facts.quoteId);
      if (active && iban) throw mandateExists(active.reference);
      if (!active && !iban) throw ibanInvalid('format');
      const mandate =
        active ??
        (await insertMandate(deps, tx, facts, 'simule', {
          holderName: body.holder_name!,
          ibanLast4: ibanLast4(iban!),
          bankCountry: iban!.slice(0, 2),
          reference: null,
          // The simulated bank's answer for this account, kept as its « payment method ».
          paymentMethodId: simulatedPaymentMethodOf(simulatedIbanOutcome(iban!)),
        }));
      const now = deps.clock.now();
      await repo.updatePayment(tx, payment.id, { method: 'prelevement', mandateId: mandate.id, debitOn: calendarDateAt(now), submittedAt: now });
    });
  } catch (error) {
    // Two acceptances at once on one contract: the index keeps one mandate, the other is told.
    if (isUniqueViolation(error)) {
      const active = await sepa.activeMandateOf(deps.db, invoice.quoteId);
      throw mandateExists(active?.reference ?? '');
    }
    throw error;
  }
  return outcome(payment.id);
}

/**
 * Stripe Checkout paid by sepa_debit (decision 1223), in the settling transaction with the payment
 * locked: the payment becomes a debit « en cours », and the mandate the client accepted on
 * Stripe's page is kept for the contract unless it already has an active one.
 */
export async function recordCheckoutDebit(deps: AppDeps, tx: Executor, payment: repo.PaymentRow, mandate: ProviderMandate | null): Promise<void> {
  if (payment.status !== 'en_attente' || payment.method !== 'carte') return;
  const invoice = await lockInvoiceForPayment(tx, payment.invoiceId);
  let mandateId: number | null = null;
  if (mandate?.id) {
    const known = (await sepa.findByProviderMandate(tx, payment.provider ?? 'stripe', mandate.id)) ?? (await sepa.activeMandateOf(tx, invoice.quoteId));
    mandateId =
      known?.id ??
      (mandate.status === 'inactive'
        ? null
        : (
            await insertMandate(deps, tx, invoice, payment.provider ?? 'stripe', {
              ...mandate,
              holderName: mandate.holderName || '—',
              reference: mandate.reference,
            })
          ).id);
  }
  const now = deps.clock.now();
  await repo.updatePayment(tx, payment.id, { method: 'prelevement', mandateId, debitOn: calendarDateAt(now), submittedAt: now });
}

const nameOf = (u: { firstname: string; lastname: string } | undefined) => (u ? `${u.firstname} ${u.lastname}`.trim() : '');

/**
 * The mandate revoked, in the caller's transaction with it locked: no later debit — the debits
 * announced and not yet with the bank are cancelled — and both sides told. Undefined when it
 * already was revoked (a replayed event, a second click).
 */
export async function revokeInTransaction(deps: AppDeps, tx: Executor, mandateId: number, reason: 'client' | 'bank'): Promise<sepa.SepaMandateRow | undefined> {
  await sepa.lockMandate(tx, mandateId);
  const revoked = await sepa.revokeMandate(tx, mandateId, deps.clock.now(), reason);
  if (!revoked) return undefined;
  for (const debit of await sepa.scheduledDebitsOf(tx, mandateId)) {
    const locked = await repo.lockPayment(tx, debit.id);
    if (locked?.status === 'en_attente' && !locked.submittedAt) await repo.updatePayment(tx, debit.id, { status: 'annule', failureReason: 'mandate_revoked' });
  }
  const users = await findUsers(tx, [revoked.clientId, revoked.issuerId]);
  for (const user of users) {
    const link = `/devis/${revoked.quoteId}`;
    await notify(tx, deps, {
      userId: user.id,
      kind: 'sepa_mandate_revoked',
      params: { reference: revoked.reference },
      link,
      localizedMail: (language) => mandateRevokedMail(language, revoked, nameOf(user), `${deps.config.publicUrl}${link}`),
    });
  }
  return revoked;
}

/** `POST api/paiement/mandat/{id}/revocation`: the client (or an admin) revokes the contract's mandate; the provider is told first. */
export async function revokeMandate(deps: AppDeps, caller: Caller, mandateId: number): Promise<SepaMandateItem> {
  const mandate = await sepa.findMandate(deps.db, mandateId);
  // An unknown mandate is 404 to anyone (its ids say nothing); someone else's is 403.
  if (!mandate) throw new AppError('NOT_FOUND', 'Ce mandat de prélèvement est introuvable.');
  if (caller.user_type !== 'admin' && caller.id !== mandate.clientId) throw new AppError('FORBIDDEN');
  if (mandate.status !== 'active')
    throw refuse(PAYMENT_ERRORS.mandateRevoked, `Le mandat ${mandate.reference} est déjà révoqué.`, { reference: mandate.reference });
  if (mandate.provider === checkoutProvider(deps).name) {
    try {
      await checkoutProvider(deps).revokeMandate({ providerMandateId: mandate.providerMandateId, paymentMethodId: mandate.providerPaymentMethodId });
    } catch (error) {
      if (!(error instanceof CheckoutUnavailableError)) throw error;
      throw new AppError(
        PAYMENT_ERRORS.providerUnavailable,
        'Le service de paiement est momentanément indisponible. Réessayez dans quelques instants.',
        undefined,
        {},
        503,
      );
    }
  }
  await deps.db.transaction((tx) => revokeInTransaction(deps, tx, mandate.id, 'client'));
  void deps.mailer.dispatch();
  return mandateItem(deps, (await sepa.findMandate(deps.db, mandate.id))!, caller);
}
