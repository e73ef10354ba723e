import Stripe from 'stripe';
import type { StripeSettings } from '../../config';
import {
  CheckoutUnavailableError,
  WebhookSignatureError,
  type CheckoutEvent,
  type CheckoutProvider,
  type CheckoutRequest,
  type CheckoutSession,
} from './types';

/** Stripe Checkout through the official SDK; `apiUrl` (STRIPE_API_URL) points it at another host, e.g. a local fake in tests. */
export class StripeCheckout implements CheckoutProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    const target = settings.apiUrl ? new URL(settings.apiUrl) : null;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 15_000,
      telemetry: false,
      appInfo: { name: 'Ouvrage' },
      ...(target
        ? {
            host: target.hostname,
            port: target.port || (target.protocol === 'http:' ? 80 : 443),
            protocol: target.protocol === 'http:' ? ('http' as const) : ('https' as const),
          }
        : {}),
    });
  }

  async create(request: CheckoutRequest): Promise<CheckoutSession> {
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          locale: 'fr',
          line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: request.amountCents, product_data: { name: request.description } } }],
          client_reference_id: String(request.paymentId),
          metadata: { payment_id: String(request.paymentId) },
          payment_intent_data: { metadata: { payment_id: String(request.paymentId) } },
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        // A retried request (network, double click) never opens a second checkout for one payment.
        { idempotencyKey: `ouvrage-payment-${request.paymentId}` },
      );
      return sessionOf(session);
    } catch (error) {
      throw new CheckoutUnavailableError(`Stripe : ${(error as Error).message}`);
    }
  }

  async retrieve(sessionId: string): Promise<CheckoutSession> {
    try {
      return sessionOf(await this.stripe.checkout.sessions.retrieve(sessionId));
    } catch (error) {
      throw new CheckoutUnavailableError(`Stripe : ${(error as Error).message}`);
    }
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): CheckoutEvent {
    if (!signature) throw new WebhookSignatureError('en-tête Stripe-Signature absent');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError((error as Error).message);
    }
    const object = event.data?.object as { object?: string; id?: string } | undefined;
    return { id: event.id, type: event.type, sessionId: object?.object === 'checkout.session' && typeof object.id === 'string' ? object.id : null };
  }
}

function sessionOf(s: Stripe.Checkout.Session): CheckoutSession {
  const reference = s.client_reference_id ?? s.metadata?.payment_id ?? null;
  return {
    id: s.id,
    url: s.url ?? null,
    status: s.status === 'complete' ? 'complete' : s.status === 'expired' ? 'expired' : 'open',
    paid: s.payment_status === 'paid' || s.payment_status === 'no_payment_required',
    amountCents: s.amount_total ?? null,
    currency: s.currency ?? null,
    paymentId: reference && /^\d+$/.test(reference) ? Number(reference) : null,
  };
}
