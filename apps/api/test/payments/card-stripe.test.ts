import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents } from '@ouvrage/db';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
import { startFakeStripe, type FakeStripe, type SignedEvent } from '../fakes/stripe-server';
import { useTestApp, type TestContext } from '../helpers';
import { authorize, checkout, clientWithInvoice, eventsOf, INVOICE_TTC, mailsTo, paidCents, paymentRow } from './card-helpers';

/**
 * Card payment through Stripe Checkout: the official SDK against a local fake of the Checkout
 * API, webhooks signed as Stripe signs them (decision 0730).
 */
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => fake?.close());

// Read when the app is built (after the fake is listening).
const ctx = useTestApp({
  get payments(): AppConfig['payments'] {
    return { stripe: fake.settings, payLinkTtlDays: 30 };
  },
} as Partial<AppConfig>);

const deliver = (event: Pick<SignedEvent, 'payload' | 'signature'>, app: Pick<TestContext, 'app'> = ctx) =>
  app.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    payload: event.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
  });

async function openCheckout() {
  const setup = await clientWithInvoice(ctx);
  const res = await checkout(ctx, setup.client, setup.invoiceId);
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data as { payment_id: number; url: string; token: string };
  const row = await paymentRow(ctx, data.payment_id);
  return { ...setup, ...data, sessionId: row.checkoutId! };
}

describe('checkout at Stripe (SDK against the fake)', () => {
  it('opens a Checkout Session for the amount due and records a pending payment with its id', async () => {
    const { payment_id: id, url, sessionId, invoiceId, client } = await openCheckout();
    const session = fake.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      amount_total: INVOICE_TTC,
      currency: 'eur',
      client_reference_id: String(id),
      metadata: { payment_id: String(id) },
      customer_email: client.email,
    });
    expect(session.success_url).toMatch(new RegExp(`/payment/traitement\\?paiement=${id}&t=invoice\\.${invoiceId}\\.`));
    expect(session.cancel_url).toContain('&retour=annule');
    expect(url).toBe(session.url);
    expect(await paymentRow(ctx, id)).toMatchObject({ provider: 'stripe', status: 'en_attente', amountCents: INVOICE_TTC });
    const create = fake.requests.find((r) => r.method === 'POST' && r.body.includes(`client_reference_id=${id}`))!;
    expect(create.headers['idempotency-key']).toBe(`ouvrage-payment-${id}`);
  });

  it('Stripe unreachable: 503, the payment is marked failed, and a later checkout works', async () => {
    const { client, invoiceId } = await clientWithInvoice(ctx);
    fake.failNext(10);
    const res = await checkout(ctx, client, invoiceId);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    fake.failNext(0);
    expect((await checkout(ctx, client, invoiceId)).statusCode).toBe(201);
  });
});

describe('webhook', () => {
  it('refuses a bad signature with 400 and records nothing', async () => {
    const { payment_id: id, sessionId, invoiceId } = await openCheckout();
    fake.pay(sessionId);
    const event = fake.event('checkout.session.completed', sessionId);
    const wrongSecret = fake.event('checkout.session.completed', sessionId, { secret: 'whsec_someone_else' });
    const tampered = { payload: event.payload.replace(`"amount_total":${INVOICE_TTC}`, '"amount_total":1'), signature: event.signature };
    for (const bad of [wrongSecret, tampered, { payload: event.payload, signature: '' }, { payload: event.payload, signature: 't=1,v1=00' }]) {
      const res = await deliver(bad);
      expect(res.statusCode, res.body).toBe(400);
    }
    const missingHeader = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload: event.payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(missingHeader.statusCode).toBe(400);
    expect(missingHeader.json().error.code).toBe('PAYMENT_WEBHOOK_SIGNATURE');
    expect(await eventsOf(ctx, id)).toHaveLength(0);
    expect(await paidCents(ctx, invoiceId)).toBe(0);
    // The genuine one goes through.
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await paidCents(ctx, invoiceId)).toBe(INVOICE_TTC);
  });

  it('the same event delivered 10 times, then 10 at once: one payment, paid_cents moved once, two mails', async () => {
    const { payment_id: id, sessionId, invoiceId, client, issuer } = await openCheckout();
    fake.pay(sessionId);
    const event = fake.event('checkout.session.completed', sessionId);
    for (let i = 0; i < 10; i += 1) expect((await deliver(event)).statusCode).toBe(200);
    expect(await paidCents(ctx, invoiceId)).toBe(INVOICE_TTC);
    expect(await eventsOf(ctx, id)).toHaveLength(1);

    const second = await openCheckout();
    fake.pay(second.sessionId);
    const burst = fake.event('checkout.session.completed', second.sessionId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(burst)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(await paidCents(ctx, second.invoiceId)).toBe(INVOICE_TTC);
    expect(await paymentRow(ctx, second.payment_id)).toMatchObject({ status: 'confirme', amountCents: INVOICE_TTC });
    const [recorded] = await ctx.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, burst.id));
    expect(recorded.paymentId).toBe(second.payment_id);

    expect(await mailsTo(ctx, client.email, 'Paiement reçu')).toHaveLength(1);
    expect(await mailsTo(ctx, issuer.email, 'Paiement reçu')).toHaveLength(1);
  });

  it('does not believe the event: an event for a session Stripe says is unpaid changes nothing', async () => {
    const { payment_id: id, sessionId, invoiceId } = await openCheckout();
    const premature = fake.event('checkout.session.completed', sessionId);
    expect((await deliver(premature)).statusCode).toBe(200);
    expect((await paymentRow(ctx, id)).status).toBe('en_attente');
    expect(await paidCents(ctx, invoiceId)).toBe(0);
  });

  it('authorize and the webhook arriving together: applied once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { payment_id: id, sessionId, invoiceId, client, token } = await openCheckout();
      fake.pay(sessionId);
      const event = fake.event('checkout.session.completed', sessionId);
      const answers = await Promise.all([
        deliver(event),
        authorize(ctx, client, id),
        authorize(ctx, null, id, token),
        deliver(event),
        authorize(ctx, client, id),
      ]);
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      expect(await paidCents(ctx, invoiceId)).toBe(INVOICE_TTC);
      expect(await mailsTo(ctx, client.email, 'Paiement reçu')).toHaveLength(1);
    }
  });

  it('a delayed payment: pending on return, then failed (client told) or succeeded by its later event', async () => {
    const failing = await openCheckout();
    fake.pay(failing.sessionId, { async: true });
    expect((await deliver(fake.event('checkout.session.completed', failing.sessionId))).statusCode).toBe(200);
    expect((await authorize(ctx, failing.client, failing.payment_id)).json().data.payment.status).toBe('en_attente');
    fake.settleAsync(failing.sessionId, false);
    expect((await deliver(fake.event('checkout.session.async_payment_failed', failing.sessionId))).statusCode).toBe(200);
    expect(await paymentRow(ctx, failing.payment_id)).toMatchObject({ status: 'echoue', failureReason: 'async_failed' });
    expect(await paidCents(ctx, failing.invoiceId)).toBe(0);
    expect(await mailsTo(ctx, failing.client.email, 'Paiement non abouti')).toHaveLength(1);

    const succeeding = await openCheckout();
    fake.pay(succeeding.sessionId, { async: true });
    fake.settleAsync(succeeding.sessionId, true);
    expect((await deliver(fake.event('checkout.session.async_payment_succeeded', succeeding.sessionId))).statusCode).toBe(200);
    expect(await paidCents(ctx, succeeding.invoiceId)).toBe(INVOICE_TTC);
  });

  it('an expired session cancels the pending payment', async () => {
    const { payment_id: id, sessionId, invoiceId } = await openCheckout();
    fake.expire(sessionId);
    expect((await deliver(fake.event('checkout.session.expired', sessionId))).statusCode).toBe(200);
    expect(await paymentRow(ctx, id)).toMatchObject({ status: 'annule', failureReason: 'expired' });
    expect(await paidCents(ctx, invoiceId)).toBe(0);
  });

  it('Stripe unreachable when re-reading the session: 503 and the event is not recorded, so its redelivery applies it', async () => {
    const { payment_id: id, sessionId, invoiceId } = await openCheckout();
    fake.pay(sessionId);
    const event = fake.event('checkout.session.completed', sessionId);
    fake.failNext(10);
    expect((await deliver(event)).statusCode).toBe(503);
    fake.failNext(0);
    expect(await eventsOf(ctx, id)).toHaveLength(0);
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await paidCents(ctx, invoiceId)).toBe(INVOICE_TTC);
  });

  it('over-payment: a second session paid for an invoice already paid is not applied', async () => {
    const first = await openCheckout();
    const second = (await checkout(ctx, first.client, first.invoiceId)).json().data as { payment_id: number };
    const secondSession = (await paymentRow(ctx, second.payment_id)).checkoutId!;
    fake.pay(first.sessionId);
    fake.pay(secondSession);
    await deliver(fake.event('checkout.session.completed', first.sessionId));
    await deliver(fake.event('checkout.session.completed', secondSession));
    expect(await paidCents(ctx, first.invoiceId)).toBe(INVOICE_TTC);
    expect(await paymentRow(ctx, second.payment_id)).toMatchObject({ status: 'echoue', failureReason: 'over_due' });
  });
});

describe('a crash between Stripe taking the money and our webhook', () => {
  it('paid at Stripe, no webhook, process restarted: consistent (nothing applied), then applied once by redelivery or authorize', async () => {
    const viaWebhook = await openCheckout();
    const viaAuthorize = await openCheckout();
    fake.pay(viaWebhook.sessionId);
    fake.pay(viaAuthorize.sessionId);
    // The process dies here: no webhook reached us. A new process starts on the same database.
    const restarted = await buildApp({ config: ctx.app.deps.config, handle: ctx.handle, logger: false });
    await restarted.ready();
    try {
      expect((await paymentRow(ctx, viaWebhook.payment_id)).status).toBe('en_attente');
      expect(await paidCents(ctx, viaWebhook.invoiceId)).toBe(0);

      // Stripe retries the webhook: applied once, even when retried again.
      const event = fake.event('checkout.session.completed', viaWebhook.sessionId);
      expect((await deliver(event, { app: restarted })).statusCode).toBe(200);
      expect((await deliver(event, { app: restarted })).statusCode).toBe(200);
      expect(await paidCents(ctx, viaWebhook.invoiceId)).toBe(INVOICE_TTC);

      // The client comes back to /payment/traitement: authorize re-reads the session and applies it.
      const back = await restarted.inject({
        method: 'POST',
        url: `/api/paiement/authorize/${viaAuthorize.payment_id}`,
        payload: { token: viaAuthorize.token },
      });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json().data).toMatchObject({ payment: { status: 'confirme' }, left_to_pay_cents: 0 });
      // …and the webhook arriving afterwards changes nothing.
      expect((await deliver(fake.event('checkout.session.completed', viaAuthorize.sessionId), { app: restarted })).statusCode).toBe(200);
      expect(await paidCents(ctx, viaAuthorize.invoiceId)).toBe(INVOICE_TTC);
    } finally {
      await restarted.close();
    }
  });
});

describe('configuration', () => {
  it('Stripe needs its webhook secret; without a key the simulated checkout is used', () => {
    const base = { NODE_ENV: 'test' };
    expect(loadConfig(base).payments.stripe).toBeUndefined();
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...base, STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(
      loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_URL: 'http://127.0.0.1:12111/' }).payments.stripe,
    ).toEqual({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      apiUrl: 'http://127.0.0.1:12111',
    });
  });
});

describe('different events of one session at once', () => {
  it('completed and async_payment_succeeded delivered together, five times each: applied once, both recorded', async () => {
    const { payment_id: id, sessionId, invoiceId } = await openCheckout();
    fake.pay(sessionId);
    const completed = fake.event('checkout.session.completed', sessionId);
    const succeeded = fake.event('checkout.session.async_payment_succeeded', sessionId);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => deliver(i % 2 ? completed : succeeded)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(await paidCents(ctx, invoiceId)).toBe(INVOICE_TTC);
    expect((await eventsOf(ctx, id)).map((e) => e.type).sort()).toEqual(['checkout.session.async_payment_succeeded', 'checkout.session.completed']);
  });
});
