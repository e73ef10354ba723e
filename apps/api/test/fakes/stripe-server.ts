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
  /** An event about the session as Stripe would sign and send it to the webhook. */
  event(type: string, sessionId: string, options?: { secret?: string }): SignedEvent;
  /** The next `count` API calls answer 500 (an outage). */
  failNext(count: number): void;
}

const SECRET_KEY = 'sk_test_fake_ouvrage';
const WEBHOOK_SECRET = 'whsec_fake_ouvrage';

/** The Checkout endpoints our adapter uses: create (form-encoded, idempotency key honoured) and retrieve. */
export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, string>();
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
      return sendJson(res, 200, session);
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
    event(type, id, options = {}) {
      const eventId = `evt_${randomBytes(12).toString('hex')}`;
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        data: { object: { ...session(id) } },
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
