import Stripe from 'stripe';
import type { StripeSettings } from '../../config';
import {
  CheckoutUnavailableError,
  WebhookSignatureError,
  type CheckoutEvent,
  type CheckoutProvider,
  type CheckoutRequest,
  type CheckoutSession,
  type DebitIntent,
  type DebitRequest,
  type ProviderMandate,
  sepaFailureOf,
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
          // SEPA direct debit beside the card (decision 1223); its mandate kept for the contract's later invoices.
          allowed_payment_method_types: request.offerSepa ? ['card', 'sepa_debit'] : ['card'],
          ...(request.offerSepa && request.saveMandate
            ? { customer_creation: 'always' as const, payment_method_options: { sepa_debit: { setup_future_usage: 'off_session' as const } } }
            : {}),
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
      const session = sessionOf(
        await this.stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.payment_method', 'payment_intent.latest_charge'] }),
      );
      // A SEPA debit: the mandate the client accepted on Stripe's page, read from Stripe with its reference (RUM).
      if (session.mandate?.id) {
        const mandate = await this.retrieveMandate(session.mandate.id);
        session.mandate = { ...session.mandate, reference: mandate.reference, status: mandate.status };
      }
      return session;
    } catch (error) {
      throw new CheckoutUnavailableError(`Stripe : ${(error as Error).message}`);
    }
  }

  /** An off-session PaymentIntent under the stored mandate: `processing` for days, then `payment_intent.succeeded` or `.payment_failed`. */
  async debit(request: DebitRequest): Promise<DebitIntent> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: 'eur',
          allowed_payment_method_types: ['sepa_debit'],
          ...(request.mandate.customerId ? { customer: request.mandate.customerId } : {}),
          ...(request.mandate.paymentMethodId ? { payment_method: request.mandate.paymentMethodId } : {}),
          ...(request.mandate.providerMandateId ? { mandate: request.mandate.providerMandateId } : {}),
          confirm: true,
          off_session: true,
          description: request.description,
          metadata: { payment_id: String(request.paymentId) },
        },
        // A retried job never debits twice for one payment.
        { idempotencyKey: `ouvrage-debit-${request.paymentId}` },
      );
      return intentOf(intent);
    } catch (error) {
      throw new CheckoutUnavailableError(`Stripe : ${(error as Error).message}`);
    }
  }

  async retrieveDebit(intentId: string): Promise<DebitIntent> {
    try {
      return intentOf(await this.stripe.paymentIntents.retrieve(intentId));
    } catch (error) {
      throw new CheckoutUnavailableError(`Stripe : ${(error as Error).message}`);
    }
  }

  async retrieveMandate(mandateId: string): Promise<ProviderMandate> {
    let mandate: Stripe.Mandate;
    try {
      mandate = await this.stripe.mandates.retrieve(mandateId, { expand: ['payment_method'] });
    } catch (error) {
      throw new CheckoutUnavailableError(`Stripe : ${(error as Error).message}`);
    }
    const method = typeof mandate.payment_method === 'object' ? mandate.payment_method : null;
    return {
      id: mandate.id,
      reference: mandate.payment_method_details?.sepa_debit?.reference ?? null,
      status: mandate.status as ProviderMandate['status'],
      ibanLast4: method?.sepa_debit?.last4 ?? '',
      bankCountry: method?.sepa_debit?.country ?? '',
      holderName: method?.billing_details?.name ?? '',
      customerId: typeof method?.customer === 'string' ? method.customer : (method?.customer?.id ?? null),
      paymentMethodId: method?.id ?? (typeof mandate.payment_method === 'string' ? mandate.payment_method : null),
    };
  }

  /** Detaching the payment method makes its mandate inactive at Stripe (it then sends `mandate.updated`). */
  async revokeMandate(mandate: { providerMandateId: string | null; paymentMethodId: string | null }): Promise<void> {
    if (!mandate.paymentMethodId) return;
    try {
      await this.stripe.paymentMethods.detach(mandate.paymentMethodId);
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
    const idOf = (kind: string) => (object?.object === kind && typeof object.id === 'string' ? object.id : null);
    return { id: event.id, type: event.type, sessionId: idOf('checkout.session'), intentId: idOf('payment_intent'), mandateId: idOf('mandate') };
  }
}

function intentOf(intent: Stripe.PaymentIntent): DebitIntent {
  const reference = intent.metadata?.payment_id;
  const error = intent.last_payment_error;
  return {
    id: intent.id,
    status: intent.status === 'succeeded' ? 'succeeded' : intent.status === 'requires_payment_method' || intent.status === 'canceled' ? 'failed' : 'processing',
    amountCents: intent.amount_received || intent.amount || null,
    paymentId: reference && /^\d+$/.test(reference) ? Number(reference) : null,
    failure: intent.status === 'succeeded' || intent.status === 'processing' ? null : sepaFailureOf(error?.decline_code ?? error?.code),
  };
}

function sessionOf(s: Stripe.Checkout.Session): CheckoutSession {
  const reference = s.client_reference_id ?? s.metadata?.payment_id ?? null;
  const intent = typeof s.payment_intent === 'object' ? s.payment_intent : null;
  const method = intent && typeof intent.payment_method === 'object' ? intent.payment_method : null;
  const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const sepa = method?.type === 'sepa_debit';
  const mandateId = charge?.payment_method_details?.sepa_debit?.mandate ?? null;
  return {
    method: method ? (sepa ? 'sepa_debit' : 'card') : null,
    mandate:
      sepa && method
        ? {
            id: mandateId,
            reference: null,
            status: 'active',
            ibanLast4: method.sepa_debit?.last4 ?? '',
            bankCountry: method.sepa_debit?.country ?? '',
            holderName: method.billing_details?.name ?? '',
            customerId: typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null),
            paymentMethodId: method.id,
          }
        : null,
    failure:
      sepa && intent?.status === 'requires_payment_method' ? sepaFailureOf(intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code) : null,
    id: s.id,
    url: s.url ?? null,
    status: s.status === 'complete' ? 'complete' : s.status === 'expired' ? 'expired' : 'open',
    paid: s.payment_status === 'paid' || s.payment_status === 'no_payment_required',
    amountCents: s.amount_total ?? null,
    currency: s.currency ?? null,
    paymentId: reference && /^\d+$/.test(reference) ? Number(reference) : null,
  };
}
