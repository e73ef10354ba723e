import { randomBytes } from 'node:crypto';
import { systemClock, todayInParis, type Clock } from '@ouvrage/domain';
import { CheckoutUnavailableError, WebhookSignatureError, type CheckoutProvider, type CheckoutRequest, type CheckoutSession } from './types';

/**
 * Where the simulated checkout keeps its sessions: our own payments (the simulated "bank" is the
 * platform itself, so a card accepted on its page confirms the payment in the same transaction).
 */
export interface SimulatedLedger {
  find(sessionId: string): Promise<{ paymentId: number; amountCents: number; status: 'en_attente' | 'confirme' | 'echoue' | 'annule'; createdAt: Date } | null>;
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
    };
  }

  async retrieve(sessionId: string): Promise<CheckoutSession> {
    const row = await this.ledger.find(sessionId);
    if (!row) throw new CheckoutUnavailableError(`paiement simulé inconnu : ${sessionId}`);
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
    };
  }

  verifyWebhook(): never {
    throw new WebhookSignatureError('le paiement simulé n’envoie pas de webhook');
  }
}
