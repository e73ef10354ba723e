/**
 * A card checkout at a payment provider (decision 0730): Stripe Checkout, or the built-in simulated
 * checkout. The provider holds the card and the money; we only ever trust what we read back from
 * it (`retrieve`) or what it signed (`verifyWebhook`).
 */
export type CheckoutProviderName = 'stripe' | 'simule';

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
}

/** A provider event whose signature was verified; only its id, type and session are read. */
export interface CheckoutEvent {
  id: string;
  type: string;
  sessionId: string | null;
}

export interface CheckoutProvider {
  readonly name: CheckoutProviderName;
  /** Opens a checkout for one payment; throws CheckoutUnavailableError when the provider cannot be reached. */
  create(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The session as the provider knows it now; throws CheckoutUnavailableError. */
  retrieve(sessionId: string): Promise<CheckoutSession>;
  /** The event a webhook delivered, once its signature over the raw body is checked; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): CheckoutEvent;
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
