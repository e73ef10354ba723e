import { randomBytes } from 'node:crypto';
import { CheckoutUnavailableError, WebhookSignatureError, type CheckoutProvider, type CheckoutRequest, type CheckoutSession } from './types';

/**
 * Where the simulated checkout keeps its sessions: our own payments (the simulated "bank" is the
 * platform itself, so a card accepted on its page confirms the payment in the same transaction).
 */
export interface SimulatedLedger {
  find(sessionId: string): Promise<{ paymentId: number; amountCents: number; status: 'en_attente' | 'confirme' | 'echoue' | 'annule' } | null>;
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

  constructor(private readonly ledger: SimulatedLedger) {}

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
      status: row.status === 'en_attente' ? 'open' : row.status === 'annule' ? 'expired' : 'complete',
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
