import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { StripeSettings } from '../../src/config';
import { sendJson, startFakeServer, type FakeServer } from './http-server';

/** A Checkout Session as the fake keeps it (the fields Stripe answers that our adapter reads). */
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  line_items_name: string;
  created: number;
  payment_method_types: string[];
  /** Form fields of the session's SEPA options (`payment_method_options[sepa_debit][setup_future_usage]`, `customer_creation`). */
  sepa_setup_future_usage: string | null;
  customer_creation: string | null;
  /** Paid by sepa_debit: its PaymentIntent (answered expanded, as our adapter asks). */
  payment_intent: string | null;
}

/** A SEPA mandate as the fake keeps it. */
export interface FakeMandate {
  id: string;
  object: 'mandate';
  status: 'active' | 'inactive' | 'pending';
  type: 'multi_use';
  payment_method: string;
  payment_method_details: { type: 'sepa_debit'; sepa_debit: { reference: string; url: string } };
}

/** A sepa_debit PaymentIntent as the fake keeps it: processing until `settleIntent`. */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'processing' | 'succeeded' | 'requires_payment_method';
  customer: string | null;
  payment_method: string;
  mandate: string | null;
  off_session: boolean;
  metadata: Record<string, string>;
  last_payment_error: { code: string; decline_code?: string; message: string } | null;
  latest_charge: string | null;
}

export interface FakePaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'sepa_debit';
  customer: string | null;
  billing_details: { name: string };
  sepa_debit: { last4: string; country: string };
}

export interface SignedEvent {
  id: string;
  type: string;
  /** The exact bytes Stripe would POST. */
  payload: string;
  /** The Stripe-Signature header for them. */
  signature: string;
}

export interface FakeStripe extends FakeServer {
  /** Settings pointing the SDK at this fake (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL). */
  settings: StripeSettings;
  sessions: Map<string, FakeSession>;
  /** The client pays on the hosted page: the session completes, paid (or, for a delayed method, unpaid until `settleAsync`). */
  pay(sessionId: string, options?: { async?: boolean }): FakeSession;
  /** A delayed payment's outcome arrives later. */
  settleAsync(sessionId: string, succeeded: boolean): FakeSession;
  expire(sessionId: string): FakeSession;
  /** An event about a session, a PaymentIntent or a mandate (by its id) as Stripe would sign and send it to the webhook. */
  event(type: string, sessionId: string, options?: { secret?: string }): SignedEvent;
  /** The next `count` API calls answer 500 (an outage). */
  failNext(count: number): void;
  mandates: Map<string, FakeMandate>;
  intents: Map<string, FakeIntent>;
  /** The client pays on the hosted page by SEPA debit (IBAN ending `last4`): the session completes unpaid, its PaymentIntent processing, a mandate made. */
  paySepa(sessionId: string, options?: { last4?: string; name?: string }): { session: FakeSession; intent: FakeIntent; mandate: FakeMandate };
  /** The bank answers a debit (days later): the money arrives, or it is rejected with a SEPA failure code. */
  settleIntent(intentId: string, outcome: 'succeeded' | 'insufficient_funds' | 'debit_not_authorized'): FakeIntent;
  /** The client revokes the mandate at the bank. */
  revokeMandate(mandateId: string): FakeMandate;
}

const SECRET_KEY = 'sk_test_fake_ouvrage';
const WEBHOOK_SECRET = 'whsec_fake_ouvrage';

/** The Checkout endpoints our adapter uses: create (form-encoded, idempotency key honoured) and retrieve. */
export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const mandates = new Map<string, FakeMandate>();
  const intents = new Map<string, FakeIntent>();
  const methods = new Map<string, FakePaymentMethod>();
  const byIdempotencyKey = new Map<string, string>();
  const expandedIntent = (intent: FakeIntent) => ({
    ...intent,
    payment_method: methods.get(intent.payment_method),
    latest_charge: { id: `py_${intent.id}`, object: 'charge', payment_method_details: { type: 'sepa_debit', sepa_debit: { mandate: intent.mandate } } },
  });
  let failures = 0;
  const server: FakeServer = await startFakeServer((request, res) => {
    if (request.headers.authorization !== `Bearer ${SECRET_KEY}`) {
      return sendJson(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (failures > 0) {
      failures -= 1;
      return sendJson(res, 500, { error: { type: 'api_error', message: 'Fake outage' } });
    }
    const url = new URL(request.url, 'http://fake');
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const key = request.headers['idempotency-key'];
      const known = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
      if (known) return sendJson(res, 200, sessions.get(known));
      const form = new URLSearchParams(request.body);
      const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
      if (!Number.isInteger(amount) || amount <= 0) return sendJson(res, 400, { error: { type: 'invalid_request_error', message: 'Invalid unit_amount' } });
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]] = v;
      }
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        currency: form.get('line_items[0][price_data][currency]') ?? 'eur',
        client_reference_id: form.get('client_reference_id'),
        metadata,
        customer_email: form.get('customer_email'),
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        url: `${server.url}/pay/${id}`,
        line_items_name: form.get('line_items[0][price_data][product_data][name]') ?? '',
        created: Math.floor(Date.now() / 1000),
        payment_method_types: [...form].filter(([k]) => k.startsWith('allowed_payment_method_types[')).map(([, v]) => v),
        sepa_setup_future_usage: form.get('payment_method_options[sepa_debit][setup_future_usage]'),
        customer_creation: form.get('customer_creation'),
        payment_intent: null,
      };
      sessions.set(id, session);
      if (typeof key === 'string') byIdempotencyKey.set(key, id);
      return sendJson(res, 200, session);
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (request.method === 'GET' && retrieve) {
      const session = sessions.get(retrieve[1]);
      if (!session)
        return sendJson(res, 404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${retrieve[1]}'` },
        });
      // `expand[]=payment_intent.payment_method&expand[]=payment_intent.latest_charge`: the SEPA debit's intent inline.
      const intent = session.payment_intent ? intents.get(session.payment_intent) : undefined;
      return sendJson(res, 200, intent ? { ...session, payment_intent: expandedIntent(intent) } : session);
    }
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const key = request.headers['idempotency-key'];
      const known = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
      if (known) return sendJson(res, 200, intents.get(known));
      const form = new URLSearchParams(request.body);
      const method = methods.get(form.get('payment_method') ?? '');
      if (!method) return sendJson(res, 400, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such PaymentMethod' } });
      const mandate = form.get('mandate') ? mandates.get(form.get('mandate')!) : undefined;
      if (!mandate || mandate.status !== 'active')
        return sendJson(res, 400, { error: { type: 'invalid_request_error', code: 'mandate_invalid', message: 'The mandate is not active' } });
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]] = v;
      }
      const intent: FakeIntent = {
        id: `pi_test_${randomBytes(12).toString('hex')}`,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        amount_received: 0,
        currency: form.get('currency') ?? 'eur',
        status: 'processing',
        customer: form.get('customer'),
        payment_method: method.id,
        mandate: mandate.id,
        off_session: form.get('off_session') === 'true',
        metadata,
        last_payment_error: null,
        latest_charge: null,
      };
      intents.set(intent.id, intent);
      if (typeof key === 'string') byIdempotencyKey.set(key, intent.id);
      return sendJson(res, 200, intent);
    }
    const intentPath = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (request.method === 'GET' && intentPath) {
      const intent = intents.get(intentPath[1]);
      return intent
        ? sendJson(res, 200, intent)
        : sendJson(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
    }
    const mandatePath = /^\/v1\/mandates\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (request.method === 'GET' && mandatePath) {
      const mandate = mandates.get(mandatePath[1]);
      if (!mandate) return sendJson(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such mandate' } });
      return sendJson(res, 200, { ...mandate, payment_method: methods.get(mandate.payment_method) });
    }
    const detach = /^\/v1\/payment_methods\/([A-Za-z0-9_]+)\/detach$/.exec(url.pathname);
    if (request.method === 'POST' && detach) {
      const method = methods.get(detach[1]);
      if (!method) return sendJson(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such PaymentMethod' } });
      for (const mandate of mandates.values()) if (mandate.payment_method === method.id) mandate.status = 'inactive';
      method.customer = null;
      return sendJson(res, 200, method);
    }
    return sendJson(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname})` } });
  });

  const session = (id: string) => {
    const s = sessions.get(id);
    if (!s) throw new Error(`session inconnue : ${id}`);
    return s;
  };

  return {
    ...server,
    settings: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: server.url },
    sessions,
    pay(id, options = {}) {
      const s = session(id);
      s.status = 'complete';
      s.payment_status = options.async ? 'unpaid' : 'paid';
      s.url = null;
      return s;
    },
    settleAsync(id, succeeded) {
      const s = session(id);
      s.payment_status = succeeded ? 'paid' : 'unpaid';
      return s;
    },
    expire(id) {
      const s = session(id);
      s.status = 'expired';
      s.url = null;
      return s;
    },
    mandates,
    intents,
    paySepa(id, options = {}) {
      const s = session(id);
      const suffix = randomBytes(8).toString('hex');
      const method: FakePaymentMethod = {
        id: `pm_test_${suffix}`,
        object: 'payment_method',
        type: 'sepa_debit',
        customer: s.customer_creation === 'always' ? `cus_test_${suffix}` : null,
        billing_details: { name: options.name ?? 'Carole Client' },
        sepa_debit: { last4: options.last4 ?? '3000', country: 'FR' },
      };
      methods.set(method.id, method);
      const mandate: FakeMandate = {
        id: `mandate_test_${suffix}`,
        object: 'mandate',
        status: 'active',
        type: 'multi_use',
        payment_method: method.id,
        payment_method_details: {
          type: 'sepa_debit',
          sepa_debit: { reference: `STRIPE-${suffix.slice(0, 10).toUpperCase()}`, url: 'https://stripe.test/mandate' },
        },
      };
      mandates.set(mandate.id, mandate);
      const intent: FakeIntent = {
        id: `pi_test_${suffix}`,
        object: 'payment_intent',
        amount: s.amount_total,
        amount_received: 0,
        currency: 'eur',
        status: 'processing',
        customer: method.customer,
        payment_method: method.id,
        mandate: mandate.id,
        off_session: false,
        metadata: { ...s.metadata },
        last_payment_error: null,
        latest_charge: `py_${suffix}`,
      };
      intents.set(intent.id, intent);
      s.status = 'complete';
      s.payment_status = 'unpaid';
      s.payment_intent = intent.id;
      s.url = null;
      return { session: s, intent, mandate };
    },
    settleIntent(intentId, outcome) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`PaymentIntent inconnu : ${intentId}`);
      if (outcome === 'succeeded') {
        intent.status = 'succeeded';
        intent.amount_received = intent.amount;
      } else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { code: outcome, message: `The debit failed: ${outcome}` };
      }
      // A checkout's PaymentIntent pays its session too.
      for (const s of sessions.values()) if (s.payment_intent === intentId && outcome === 'succeeded') s.payment_status = 'paid';
      return intent;
    },
    revokeMandate(mandateId) {
      const mandate = mandates.get(mandateId);
      if (!mandate) throw new Error(`mandat inconnu : ${mandateId}`);
      mandate.status = 'inactive';
      return mandate;
    },
    event(type, id, options = {}) {
      const eventId = `evt_${randomBytes(12).toString('hex')}`;
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        data: { object: { ...(intents.get(id) ?? mandates.get(id) ?? session(id)) } },
        livemode: false,
        pending_webhooks: 1,
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
      return { id: eventId, type, payload, signature };
    },
    failNext(count) {
      failures = count;
    },
  };
}
