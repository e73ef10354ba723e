import type { SepaDebitFailure } from '@ouvrage/domain';

/**
 * A card checkout at a payment provider (decision 0730): Stripe Checkout, or the built-in simulated
 * checkout. The provider holds the card and the money; we only ever trust what we read back from
 * it (`retrieve`) or what it signed (`verifyWebhook`). Beside the card, a SEPA direct debit
 * (decision 1223): a mandate accepted on the checkout, later invoices debited from it off-session.
 */
export type CheckoutProviderName = 'stripe' | 'simule';

/** How the client paid on the checkout page. */
export type CheckoutMethod = 'card' | 'sepa_debit';

export interface CheckoutRequest {
  paymentId: number;
  amountCents: number;
  /** What the client reads on the provider's page, e.g. « Facture F-2026-0001 — … ». */
  description: string;
  customerEmail: string | null;
  /** Absolute addresses the provider sends the browser back to. */
  successUrl: string;
  cancelUrl: string;
  /** The invoice's pay token, for a checkout page of our own (the simulated one). */
  payToken: string;
  /** Offer « Prélèvement SEPA » beside the card (decision 1223). */
  offerSepa: boolean;
  /** Keep the SEPA mandate for the contract's later invoices (none active yet on the contract). */
  saveMandate: boolean;
}

/** A SEPA mandate as the provider knows it. */
export interface ProviderMandate {
  /** The provider's mandate id (Stripe `mandate_…`); null for the simulated bank. */
  id: string | null;
  /** The mandate reference (RUM) when the provider sets it (Stripe does). */
  reference: string | null;
  status: 'active' | 'inactive' | 'pending';
  ibanLast4: string;
  bankCountry: string;
  holderName: string;
  customerId: string | null;
  paymentMethodId: string | null;
}

/** What an off-session debit of a later invoice asks: the amount and the mandate it is taken under. */
export interface DebitRequest {
  paymentId: number;
  amountCents: number;
  description: string;
  mandate: { providerMandateId: string | null; customerId: string | null; paymentMethodId: string | null };
}

/** A debit (Stripe: a PaymentIntent) as re-read from the provider: `processing` for days, then succeeded or failed. */
export interface DebitIntent {
  id: string;
  status: 'processing' | 'succeeded' | 'failed';
  amountCents: number | null;
  /** Our payment's id as we gave it (metadata), if any. */
  paymentId: number | null;
  failure: SepaDebitFailure | null;
}

export interface CheckoutSession {
  id: string;
  /** Where the client pays (null once the session is over). */
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  /** The money is the provider's: the session is paid (Stripe: `payment_status` paid). */
  paid: boolean;
  amountCents: number | null;
  currency: string | null;
  /** Our payment's id as we gave it to the provider (client_reference_id), if any. */
  paymentId: number | null;
  /** How it was paid, once the client chose (null while open). */
  method: CheckoutMethod | null;
  /** A SEPA debit: the mandate the client accepted on the page. */
  mandate: ProviderMandate | null;
  /** A SEPA debit the bank rejected: why. */
  failure: SepaDebitFailure | null;
}

/** A provider event whose signature was verified; only its id, type and object are read. */
export interface CheckoutEvent {
  id: string;
  type: string;
  sessionId: string | null;
  /** A `payment_intent.*` event's PaymentIntent. */
  intentId: string | null;
  /** A `mandate.updated` event's mandate. */
  mandateId: string | null;
}

export interface CheckoutProvider {
  readonly name: CheckoutProviderName;
  /** Opens a checkout for one payment; throws CheckoutUnavailableError when the provider cannot be reached. */
  create(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The session as the provider knows it now; throws CheckoutUnavailableError. */
  retrieve(sessionId: string): Promise<CheckoutSession>;
  /** The event a webhook delivered, once its signature over the raw body is checked; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): CheckoutEvent;
  /** Debits a later invoice from a stored mandate, off-session (idempotent per payment); throws CheckoutUnavailableError. */
  debit(request: DebitRequest): Promise<DebitIntent>;
  /** A debit as the provider knows it now; throws CheckoutUnavailableError. */
  retrieveDebit(intentId: string): Promise<DebitIntent>;
  /** A mandate as the provider knows it now (Stripe `mandate.updated` is a hint); throws CheckoutUnavailableError. */
  retrieveMandate(mandateId: string): Promise<ProviderMandate>;
  /** The client revokes the mandate on the platform: the provider stops honouring it. */
  revokeMandate(mandate: { providerMandateId: string | null; paymentMethodId: string | null }): Promise<void>;
}

export class CheckoutUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CheckoutUnavailableError';
  }
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The checkout events we act on (Stripe's names). */
export const CHECKOUT_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;
export type CheckoutEventType = (typeof CHECKOUT_EVENTS)[number];
export const isCheckoutEvent = (type: string): type is CheckoutEventType => (CHECKOUT_EVENTS as readonly string[]).includes(type);

/** The debit and mandate events we act on (Stripe's names, decision 1223). */
export const DEBIT_EVENTS = ['payment_intent.succeeded', 'payment_intent.payment_failed'] as const;
export type DebitEventType = (typeof DEBIT_EVENTS)[number];
export const isDebitEvent = (type: string): type is DebitEventType => (DEBIT_EVENTS as readonly string[]).includes(type);
export const MANDATE_EVENT = 'mandate.updated';

/** A SEPA rejection's code (Stripe's `failure_code`, `decline_code`; SEPA R-codes) as we name it. */
export function sepaFailureOf(code: string | null | undefined): SepaDebitFailure {
  if (!code) return 'debit_failed';
  if (code === 'insufficient_funds' || code === 'AM04') return 'insufficient_funds';
  if (['debit_not_authorized', 'mandate_revoked', 'mandate_invalid', 'MD01', 'MS02'].includes(code)) return 'mandate_revoked';
  return 'debit_failed';
}
