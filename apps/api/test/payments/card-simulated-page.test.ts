import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentEvents, payments } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { simulatedCardExpired } from '../../src/adapters/card-payment';
import { expireSimulatedCheckouts, expireSimulatedSession } from '../../src/modules/payments/simulated-expiry';
import { as, useTestApp } from '../helpers';
import { authorize, checkout, clientWithInvoice, eventsOf, paidCents, paymentRow } from './card-helpers';

/**
 * The simulated card page behaves like a card page (issue 34 §6, decision 1072): an expired card
 * and a number failing the Luhn check are refused on their field with their code (translated by
 * the web), nothing changing; an abandoned checkout expires after 30 minutes through the same
 * exactly-once event path as Stripe's `checkout.session.expired`, and the lists show it expired.
 */
const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
const MINUTE = 60_000;

const pay = (who: { token: string } | null, paymentId: number, card: { number?: string; expiry?: string }) =>
  as(ctx, who, {
    method: 'POST',
    url: `/api/paiement/simulation/${paymentId}`,
    payload: { card_number: card.number ?? '4242 4242 4242 4242', expiry: card.expiry ?? '12/30', cvc: '123' },
  });

describe('the simulated card form', () => {
  it('refuses an expired card on its expiry field, with its code and the date, before anything changes', async () => {
    const { client, invoiceId } = await clientWithInvoice(ctx);
    const { payment_id: id } = (await checkout(ctx, client, invoiceId)).json().data;
    const res = await pay(client, id, { expiry: '01/20' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'PAYMENT_CARD_EXPIRED', params: { expiry: '01/20' } });
    expect(res.json().error.fields.expiry).toBe('Cette carte a expiré (fin 01/20) : utilisez une carte en cours de validité.');
    // The month before today's (11/2026) is past; the current month is still valid.
    expect((await pay(client, id, { expiry: '10/26' })).json().error.code).toBe('PAYMENT_CARD_EXPIRED');
    expect((await paymentRow(ctx, id)).status).toBe('en_attente');
    expect(await paidCents(ctx, invoiceId)).toBe(0);
    const ok = await pay(client, id, { expiry: '11/26' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.payment.status).toBe('confirme');
  });

  it('refuses a number failing the Luhn check on its field, with its code', async () => {
    const { client, invoiceId } = await clientWithInvoice(ctx);
    const { payment_id: id } = (await checkout(ctx, client, invoiceId)).json().data;
    const res = await pay(client, id, { number: '4242 4242 4242 4241', expiry: '01/20' });
    expect(res.statusCode).toBe(400);
    // The number is checked first, as a card page does.
    expect(res.json().error.code).toBe('PAYMENT_CARD_INVALID');
    expect(res.json().error.fields).toEqual({ card_number: expect.stringContaining('clé de contrôle') });
    expect((await paymentRow(ctx, id)).status).toBe('en_attente');
  });

  it('reads an expiry at the end of its month, in Paris', () => {
    expect(simulatedCardExpired('11/26', new Date('2026-11-30T22:59:00Z'))).toBe(false);
    // 1 December 00:00 in Paris: November's cards are over.
    expect(simulatedCardExpired('11/26', new Date('2026-11-30T23:00:00Z'))).toBe(true);
    expect(simulatedCardExpired('12/26', new Date('2026-11-30T23:00:00Z'))).toBe(false);
    expect(simulatedCardExpired('01/20', new Date('2026-11-23T10:00:00Z'))).toBe(true);
  });
});

describe('an abandoned simulated checkout', () => {
  it('expires after 30 minutes through the event path, once, and reads « expired » in the lists', async () => {
    const { client, invoiceId } = await clientWithInvoice(ctx);
    const { payment_id: id } = (await checkout(ctx, client, invoiceId)).json().data;
    const { payment_id: fresh } = (await checkout(ctx, client, invoiceId)).json().data;
    await ctx.db
      .update(payments)
      .set({ createdAt: new Date(clock.now().getTime() - 29 * MINUTE) })
      .where(eq(payments.id, fresh));
    await ctx.db
      .update(payments)
      .set({ createdAt: new Date(clock.now().getTime() - 31 * MINUTE) })
      .where(eq(payments.id, id));

    expect(await expireSimulatedCheckouts(ctx.app.deps)).toBeGreaterThanOrEqual(1);
    expect(await paymentRow(ctx, id)).toMatchObject({ status: 'annule', failureReason: 'expired' });
    // Opened 29 minutes ago: still open.
    expect((await paymentRow(ctx, fresh)).status).toBe('en_attente');
    const events = await eventsOf(ctx, id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ provider: 'simule', type: 'checkout.session.expired' });

    // The sweep again, the event again: recorded once, nothing changes.
    await expireSimulatedCheckouts(ctx.app.deps);
    const row = await paymentRow(ctx, id);
    expect(await expireSimulatedSession(ctx.app.deps, row.checkoutId!)).toBe(true);
    expect(await ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, id))).toHaveLength(1);

    // The page left open: its card is refused, the payment is over, nothing was paid.
    const late = await pay(client, id, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('PAYMENT_CHECKOUT_EXPIRED');
    expect(await paidCents(ctx, invoiceId)).toBe(0);
    expect((await authorize(ctx, client, id)).json().data.payment).toMatchObject({ status: 'annule', failure: 'expired' });
    const list = await as(ctx, client, { method: 'GET', url: `/api/paiement/lists/${client.id}?status=annule` });
    expect(list.json().data.items).toEqual([expect.objectContaining({ id, status: 'annule', failure: 'expired' })]);
  });

  it('expires when its card is typed after the 30 minutes, before the sweep, and the card is refused', async () => {
    const { client, invoiceId } = await clientWithInvoice(ctx);
    const { payment_id: id } = (await checkout(ctx, client, invoiceId)).json().data;
    clock.advance(30 * MINUTE);
    try {
      const late = await pay(client, id, {});
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe('PAYMENT_CHECKOUT_EXPIRED');
      expect(await paymentRow(ctx, id)).toMatchObject({ status: 'annule', failureReason: 'expired' });
      expect(await eventsOf(ctx, id)).toEqual([expect.objectContaining({ provider: 'simule', type: 'checkout.session.expired' })]);
      expect(await paidCents(ctx, invoiceId)).toBe(0);
      // A new checkout goes through.
      const retry = (await checkout(ctx, client, invoiceId)).json().data;
      expect((await pay(client, retry.payment_id, {})).json().data.payment.status).toBe('confirme');
    } finally {
      clock.advance(-30 * MINUTE);
    }
  });
});
