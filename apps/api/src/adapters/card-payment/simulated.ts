import { randomBytes } from 'node:crypto';
import { systemClock, todayInParis, type Clock } from '@ouvrage/domain';
import {
  CheckoutUnavailableError,
  WebhookSignatureError,
  type CheckoutProvider,
  type CheckoutRequest,
  type CheckoutSession,
  type DebitIntent,
  type DebitRequest,
  type ProviderMandate,
  sepaFailureOf,
} from './types';

/** What the simulated bank answers to a debit from an account: it holds the money, or not, or the client revoked the mandate at the bank. */
export type SimulatedDebitOutcome = 'succeeded' | 'insufficient_funds' | 'mandate_revoked';

/** A payment of the simulated ledger, as the simulated checkout and bank read it. */
export interface SimulatedLedgerRow {
  paymentId: number;
  amountCents: number;
  status: 'en_attente' | 'confirme' | 'echoue' | 'annule';
  createdAt: Date;
  method?: 'carte' | 'virement' | 'prelevement';
  /** A direct debit: when it was handed to the bank, and the bank's answer for that account (its mandate's). */
  submittedAt?: Date | null;
  bankOutcome?: SimulatedDebitOutcome | null;
  failureReason?: string | null;
}

/**
 * Where the simulated checkout keeps its sessions: our own payments (the simulated "bank" is the
 * platform itself, so a card accepted on its page confirms the payment in the same transaction).
 */
export interface SimulatedLedger {
  find(sessionId: string): Promise<SimulatedLedgerRow | null>;
}

/**
 * How long the simulated bank takes to answer a SEPA debit (decision 1223): a SEPA Core debit is
 * settled, or rejected, days after it is handed to the bank — Stripe says « up to 14 business
 * days », most answer within 2 to 5. Three days here; a sweep applies the answer once it is due.
 */
export const SIMULATED_DEBIT_DELAY_MS = 3 * 86_400_000;

/** The simulated bank's accounts (Stripe's French test IBANs): any other valid IBAN holds the money. */
export const SIMULATED_IBAN_OUTCOMES: Readonly<Record<string, SimulatedDebitOutcome>> = {
  FR1420041010050500013M02606: 'succeeded',
  FR3020041010050500013M02609: 'insufficient_funds',
  FR8420041010050500013M02607: 'mandate_revoked',
};
export const simulatedIbanOutcome = (compactIban: string): SimulatedDebitOutcome => SIMULATED_IBAN_OUTCOMES[compactIban] ?? 'succeeded';
/** How the simulated bank's answer is kept on the mandate (its « payment method »), and read back. */
export const simulatedPaymentMethodOf = (outcome: SimulatedDebitOutcome) => `sim_iban_${outcome}`;
export function simulatedOutcomeOf(paymentMethodId: string | null | undefined): SimulatedDebitOutcome {
  const outcome = paymentMethodId?.replace(/^sim_iban_/, '');
  return outcome === 'insufficient_funds' || outcome === 'mandate_revoked' ? outcome : 'succeeded';
}

/**
 * How long a simulated checkout stays open (decision 1072): like a Stripe Checkout session
 * (`expires_at`, 30 minutes at the shortest), an abandoned one expires instead of staying pending.
 */
export const SIMULATED_CHECKOUT_TTL_MS = 30 * 60_000;

/** Whether a simulated checkout opened at `createdAt` is over at `now`. */
export const simulatedCheckoutExpired = (createdAt: Date, now: Date) => now.getTime() >= createdAt.getTime() + SIMULATED_CHECKOUT_TTL_MS;

/**
 * Whether a card's expiry (`MM/AA`, valid until the end of that month) is past on `now`'s day in
 * Paris, as a card page says before asking the bank (Stripe: « expiration year in the past »).
 */
export function simulatedCardExpired(expiry: string, now: Date): boolean {
  const match = /^(\d{2})\s?\/\s?(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const [year, month] = todayInParis({ now: () => now })
    .split('-')
    .map(Number);
  return 2000 + Number(match[2]) < year || (2000 + Number(match[2]) === year && Number(match[1]) < month);
}

/** Stripe's test cards that are declined; any other number with a valid Luhn key is accepted. */
const DECLINED = new Set(['4000000000000002', '4000000000009995', '4000000000009987', '4000000000000069', '4000000000000127']);

/** The simulated bank's answer to a card number (digits only): `invalid` when its Luhn key is wrong. */
export function simulatedCardOutcome(digits: string): 'succeeded' | 'declined' | 'invalid' {
  if (!/^\d{16}$/.test(digits)) return 'invalid';
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  if (sum % 10 !== 0) return 'invalid';
  return DECLINED.has(digits) ? 'declined' : 'succeeded';
}

/** The built-in simulated checkout (no STRIPE_SECRET_KEY): a page of our web app, `/payment/create?paiement=…`. */
export class SimulatedCheckout implements CheckoutProvider {
  readonly name = 'simule' as const;

  constructor(
    private readonly ledger: SimulatedLedger,
    private readonly clock: Clock = systemClock,
  ) {}

  async create(request: CheckoutRequest): Promise<CheckoutSession> {
    return {
      id: `sim_${request.paymentId}_${randomBytes(8).toString('hex')}`,
      url: `/payment/create?paiement=${request.paymentId}&t=${encodeURIComponent(request.payToken)}`,
      status: 'open',
      paid: false,
      amountCents: request.amountCents,
      currency: 'eur',
      paymentId: request.paymentId,
      method: null,
      mandate: null,
      failure: null,
    };
  }

  async retrieve(sessionId: string): Promise<CheckoutSession> {
    const row = await this.ledger.find(sessionId);
    if (!row) throw new CheckoutUnavailableError(`paiement simulé inconnu : ${sessionId}`);
    if (row.method === 'prelevement') {
      // A SEPA debit accepted on the page: the checkout is complete, the money comes days later (`retrieveDebit`).
      const debit = await this.retrieveDebit(sessionId);
      return {
        id: sessionId,
        url: null,
        status: 'complete',
        paid: debit.status === 'succeeded',
        amountCents: row.amountCents,
        currency: 'eur',
        paymentId: row.paymentId,
        method: 'sepa_debit',
        mandate: null,
        failure: debit.failure,
      };
    }
    return {
      id: sessionId,
      url: null,
      status:
        row.status === 'annule' || (row.status === 'en_attente' && simulatedCheckoutExpired(row.createdAt, this.clock.now()))
          ? 'expired'
          : row.status === 'en_attente'
            ? 'open'
            : 'complete',
      paid: row.status === 'confirme',
      amountCents: row.amountCents,
      currency: 'eur',
      paymentId: row.paymentId,
      method: row.status === 'en_attente' ? null : 'card',
      mandate: null,
      failure: null,
    };
  }

  verifyWebhook(): never {
    throw new WebhookSignatureError('le paiement simulé n’envoie pas de webhook');
  }

  /** The simulated bank takes the debit: the same id for the same payment, so a retried job asks once. */
  async debit(request: DebitRequest): Promise<DebitIntent> {
    return { id: `simpi_${request.paymentId}`, status: 'processing', amountCents: request.amountCents, paymentId: request.paymentId, failure: null };
  }

  /** Processing until SIMULATED_DEBIT_DELAY_MS after it was handed to the bank, then the account's answer. */
  async retrieveDebit(intentId: string): Promise<DebitIntent> {
    const row = await this.ledger.find(intentId);
    if (!row) throw new CheckoutUnavailableError(`prélèvement simulé inconnu : ${intentId}`);
    const base = { id: intentId, amountCents: row.amountCents, paymentId: row.paymentId };
    if (row.status === 'confirme') return { ...base, status: 'succeeded', failure: null };
    if (row.status !== 'en_attente') return { ...base, status: 'failed', failure: sepaFailureOf(row.failureReason) };
    if (!row.submittedAt || !simulatedDebitDue(row.submittedAt, this.clock.now())) return { ...base, status: 'processing', failure: null };
    const outcome = row.bankOutcome ?? 'succeeded';
    return outcome === 'succeeded' ? { ...base, status: 'succeeded', failure: null } : { ...base, status: 'failed', failure: outcome };
  }

  retrieveMandate(): Promise<ProviderMandate> {
    throw new CheckoutUnavailableError('le prélèvement simulé n’a pas de mandat chez un prestataire');
  }

  /** Nothing to tell: the simulated bank reads the mandate's state from our table. */
  async revokeMandate(): Promise<void> {}
}

/** Whether the simulated bank has answered a debit handed to it at `submittedAt`. */
export const simulatedDebitDue = (submittedAt: Date, now: Date) => now.getTime() >= submittedAt.getTime() + SIMULATED_DEBIT_DELAY_MS;
