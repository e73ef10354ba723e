import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '@ouvrage/domain';
import type { AppConfig } from '../../src/config';
import { submitSepaDebit } from '../../src/modules/payments';
import { startFakeStripe, type FakeStripe, type SignedEvent } from '../fakes/stripe-server';
import { loginAs, useTestApp, type TestUser } from '../helpers';
import { completeProfile } from '../quotes/factories';
import {
  contractWithDeposit,
  eventsOf,
  invoiceRow,
  issueStage,
  mailsTo,
  mandatesOf,
  noticesOf,
  openCheckout,
  paymentRow,
  paymentsOfInvoice,
  summary,
} from './sepa-helpers';

/**
 * SEPA direct debit through Stripe (decision 1223): the official SDK against the local fake —
 * Checkout offering sepa_debit beside the card and keeping the mandate, later invoices debited as
 * off-session PaymentIntents under it, `payment_intent.succeeded` / `.payment_failed` and
 * `mandate.updated` signed as Stripe signs them, each applied once, replayed or delivered twice at once.
 */
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => fake?.close());

const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp(
  {
    get payments(): AppConfig['payments'] {
      return { stripe: fake.settings, payLinkTtlDays: 30 };
    },
  } as Partial<AppConfig>,
  { clock },
);
let alice: TestUser;
let carol: TestUser;

beforeAll(async () => {
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, alice.id);
});

const deliver = (event: Pick<SignedEvent, 'payload' | 'signature'>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    payload: event.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
  });

/** The payment id a PaymentIntent creation names in its metadata. */
const debitOf = (body: string) => Number(new URLSearchParams(body).get('metadata[payment_id]'));

/** The deposit paid on Stripe's page by SEPA debit: the session completed unpaid, its PaymentIntent processing. */
async function depositBySepa() {
  const contract = await contractWithDeposit(ctx, clock, alice, carol);
  const { payment_id: paymentId } = await openCheckout(ctx, carol, contract.depositId);
  const sessionId = (await paymentRow(ctx, paymentId)).checkoutId!;
  const paid = fake.paySepa(sessionId);
  expect((await deliver(fake.event('checkout.session.completed', sessionId))).statusCode).toBe(200);
  return { ...contract, paymentId, sessionId, ...paid };
}

describe('Checkout with sepa_debit', () => {
  it('offers sepa_debit beside the card and keeps the mandate; the debit is en cours until the money arrives', async () => {
    const { quoteId, depositId, paymentId, sessionId, intent, mandate } = await depositBySepa();
    expect(fake.sessions.get(sessionId)).toMatchObject({
      payment_method_types: ['card', 'sepa_debit'],
      sepa_setup_future_usage: 'off_session',
      customer_creation: 'always',
    });
    expect(await paymentRow(ctx, paymentId)).toMatchObject({ method: 'prelevement', status: 'en_attente' });
    const [stored] = await mandatesOf(ctx, quoteId);
    expect(stored).toMatchObject({
      provider: 'stripe',
      status: 'active',
      providerMandateId: mandate.id,
      reference: mandate.payment_method_details.sepa_debit.reference,
      ibanLast4: '3000',
      providerPaymentMethodId: mandate.payment_method,
    });
    expect((await summary(ctx, carol, depositId)).debit_in_progress).toBe(true);

    // Days later: the PaymentIntent succeeds; its event and the session's are both applied once.
    fake.settleIntent(intent.id, 'succeeded');
    const succeeded = fake.event('payment_intent.succeeded', intent.id);
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect((await deliver(fake.event('checkout.session.async_payment_succeeded', sessionId))).statusCode).toBe(200);
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect(await paymentRow(ctx, paymentId)).toMatchObject({ status: 'confirme' });
    expect((await invoiceRow(ctx, depositId)).paidCents).toBe((await invoiceRow(ctx, depositId)).totalTtcCents);
    expect(await mailsTo(ctx, carol.id, 'Prélèvement reçu')).toHaveLength(1);
  });
});

describe('a later invoice debited from the mandate, off-session', () => {
  async function announcedDebit() {
    const first = await depositBySepa();
    fake.settleIntent(first.intent.id, 'succeeded');
    await deliver(fake.event('payment_intent.succeeded', first.intent.id));
    clock.set('2027-01-11T10:00:00Z');
    const invoice = await issueStage(ctx, alice, first.quoteId, 1);
    const [debit] = await paymentsOfInvoice(ctx, invoice.id);
    clock.set(`${debit.debitOn}T06:00:00Z`);
    await submitSepaDebit(ctx.app.deps, debit.id);
    await submitSepaDebit(ctx.app.deps, debit.id);
    const row = await paymentRow(ctx, debit.id);
    return { ...first, invoice, debit: row, intentId: row.checkoutId! };
  }

  it('is a PaymentIntent under the mandate, once; succeeded, replayed, and delivered twice at once: applied once', async () => {
    const { invoice, debit, intentId, mandate } = await announcedDebit();
    const intent = fake.intents.get(intentId)!;
    expect(intent).toMatchObject({
      amount: invoice.totalTtcCents,
      mandate: mandate.id,
      payment_method: mandate.payment_method,
      off_session: true,
      metadata: { payment_id: String(debit.id) },
    });
    // The job runner may take the debit at the same moment as the calls above (on a server it
    // polls in the background): every request carries the payment's key, so Stripe debits once.
    const creates = fake.requests.filter((r) => r.method === 'POST' && r.url === '/v1/payment_intents' && debitOf(r.body) === debit.id);
    expect(creates.length).toBeGreaterThanOrEqual(1);
    expect(new Set(creates.map((r) => r.headers['idempotency-key']))).toEqual(new Set([`ouvrage-debit-${debit.id}`]));
    expect([...fake.intents.values()].filter((i) => i.metadata?.payment_id === String(debit.id))).toHaveLength(1);
    expect(await paymentRow(ctx, debit.id)).toMatchObject({ status: 'en_attente', submittedAt: expect.any(Date) });

    fake.settleIntent(intentId, 'succeeded');
    const event = fake.event('payment_intent.succeeded', intentId);
    const twice = await Promise.all([deliver(event), deliver(event)]);
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await paymentRow(ctx, debit.id)).toMatchObject({ status: 'confirme', amountCents: invoice.totalTtcCents });
    expect((await invoiceRow(ctx, invoice.id)).paidCents).toBe(invoice.totalTtcCents);
    expect(await eventsOf(ctx, debit.id)).toHaveLength(1);
  });

  it('payment_failed for insufficient funds: the invoice is due again, client and architect told, once', async () => {
    const { invoice, debit, intentId } = await announcedDebit();
    const before = (await noticesOf(ctx, alice.id, 'sepa_debit_failed')).length;
    fake.settleIntent(intentId, 'insufficient_funds');
    const event = fake.event('payment_intent.payment_failed', intentId);
    await Promise.all([deliver(event), deliver(event)]);
    await deliver(event);
    expect(await paymentRow(ctx, debit.id)).toMatchObject({ status: 'echoue', failureReason: 'insufficient_funds' });
    expect((await invoiceRow(ctx, invoice.id)).paidCents).toBe(0);
    expect(await noticesOf(ctx, alice.id, 'sepa_debit_failed')).toHaveLength(before + 1);
    expect((await summary(ctx, carol, invoice.id)).can_pay).toBe(true);
  });

  it('mandate.updated (revoked at the bank): the mandate revoked once, the announced debit cancelled', async () => {
    const first = await depositBySepa();
    fake.settleIntent(first.intent.id, 'succeeded');
    await deliver(fake.event('payment_intent.succeeded', first.intent.id));
    clock.set('2027-01-11T10:00:00Z');
    const invoice = await issueStage(ctx, alice, first.quoteId, 1);
    const [debit] = await paymentsOfInvoice(ctx, invoice.id);

    fake.revokeMandate(first.mandate.id);
    const event = fake.event('mandate.updated', first.mandate.id);
    const before = (await noticesOf(ctx, carol.id, 'sepa_mandate_revoked')).length;
    await Promise.all([deliver(event), deliver(event)]);
    await deliver(event);
    expect(await mandatesOf(ctx, first.quoteId)).toEqual([expect.objectContaining({ status: 'revoked', revokedReason: 'bank' })]);
    expect(await paymentRow(ctx, debit.id)).toMatchObject({ status: 'annule', failureReason: 'mandate_revoked' });
    expect(await noticesOf(ctx, carol.id, 'sepa_mandate_revoked')).toHaveLength(before + 1);
    clock.set(`${debit.debitOn}T06:00:00Z`);
    await submitSepaDebit(ctx.app.deps, debit.id);
    expect(fake.requests.some((r) => r.method === 'POST' && r.url === '/v1/payment_intents' && debitOf(r.body) === debit.id)).toBe(false);
  });
});
