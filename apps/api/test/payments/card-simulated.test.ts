import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices } from '@ouvrage/db';
import { signRecordLink } from '../../src/modules/document-links';
import { as, loginAs, useTestApp } from '../helpers';
import { authorize, checkout, clientWithInvoice, INVOICE_TTC, mailsTo, paidCents, paymentRow, paymentsOf } from './card-helpers';

/** Card payment on the built-in simulated checkout (no STRIPE_SECRET_KEY), decision 0730. */
const ctx = useTestApp();

const card = (ctxCard: string, token?: string) => ({ card_number: ctxCard, expiry: '12/30', cvc: '123', ...(token ? { token } : {}) });
const pay = (who: { token: string } | null, paymentId: number, number: string, token?: string) =>
  as(ctx, who, { method: 'POST', url: `/api/paiement/simulation/${paymentId}`, payload: card(number, token) });

describe('checkout', () => {
  it('creates a pending card payment for what is left to pay, pointing at the simulated checkout page', async () => {
    const { client, invoiceId } = await clientWithInvoice(ctx);
    const res = await checkout(ctx, client, invoiceId);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ provider: 'simule', amount_cents: INVOICE_TTC });
    expect(data.url).toMatch(new RegExp(`^/payment/create\\?paiement=${data.payment_id}&t=invoice\\.${invoiceId}\\.`));
    const row = await paymentRow(ctx, data.payment_id);
    expect(row).toMatchObject({
      invoiceId,
      clientId: client.id,
      method: 'carte',
      status: 'en_attente',
      amountCents: INVOICE_TTC,
      provider: 'simule',
      createdBy: client.id,
    });
    expect(row.checkoutId).toMatch(/^sim_/);
    expect(await paidCents(ctx, invoiceId)).toBe(0);

    // After a first payment, the next checkout asks only for the rest.
    await ctx.db.update(invoices).set({ paidCents: 1_000 }).where(eq(invoices.id, invoiceId));
    const rest = await checkout(ctx, client, invoiceId);
    expect(rest.json().data.amount_cents).toBe(INVOICE_TTC - 1_000);
  });

  it('is for the invoice’s client, or whoever holds its signed pay link', async () => {
    const { client, invoiceId, issuer } = await clientWithInvoice(ctx);
    const other = await loginAs(ctx, { user_type: 'client' });
    expect((await checkout(ctx, null, invoiceId)).statusCode).toBe(401);
    expect((await checkout(ctx, other, invoiceId)).statusCode).toBe(403);
    const byIssuer = await checkout(ctx, issuer, invoiceId);
    expect(byIssuer.statusCode).toBe(403);
    expect(byIssuer.json().error.code).toBe('PAYMENT_NOT_THE_CLIENT');

    // The client's (or the issuer's) view of the invoice carries a pay link to share.
    const summary = await as(ctx, client, { method: 'GET', url: `/api/paiement/facture/${invoiceId}` });
    expect(summary.statusCode, summary.body).toBe(200);
    const link = summary.json().data.pay_link;
    expect(link.url).toBe(`/payment/create?facture=${invoiceId}&t=${encodeURIComponent(link.token)}`);
    const anonymousSummary = await as(ctx, null, { method: 'GET', url: `/api/paiement/facture/${invoiceId}?t=${encodeURIComponent(link.token)}` });
    expect(anonymousSummary.json().data).toMatchObject({ left_to_pay_cents: INVOICE_TTC, can_pay: true, pay_link: null });

    const anonymous = await checkout(ctx, null, invoiceId, link.token);
    expect(anonymous.statusCode, anonymous.body).toBe(201);
    expect((await paymentRow(ctx, anonymous.json().data.payment_id)).createdBy).toBeNull();

    // A link is for one invoice, signed by us, and expires.
    const { invoiceId: otherInvoice } = await clientWithInvoice(ctx);
    const misused = await checkout(ctx, null, otherInvoice, link.token);
    expect(misused.statusCode).toBe(403);
    expect(misused.json().error.code).toBe('PAYMENT_LINK_INVALID');
    const forged = await checkout(
      ctx,
      null,
      invoiceId,
      link.token.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A')),
    );
    expect(forged.json().error.code).toBe('PAYMENT_LINK_INVALID');
    const secret = ctx.app.deps.config.jwtSecret;
    const stale = signRecordLink(
      secret,
      { purpose: 'ouvrage/pay-link/v1', kinds: ['invoice'] },
      { kind: 'invoice', id: invoiceId, exp: Math.floor(Date.now() / 1000) - 60 },
    );
    const expired = await checkout(ctx, null, invoiceId, stale);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error.code).toBe('PAYMENT_LINK_EXPIRED');
    // A document-viewer link for the same id is not a pay link.
    const viewer = signRecordLink(
      secret,
      { purpose: 'ouvrage/document-link/v1', kinds: ['invoice'] },
      { kind: 'invoice', id: invoiceId, exp: Math.floor(Date.now() / 1000) + 600 },
    );
    expect((await checkout(ctx, null, invoiceId, viewer)).json().error.code).toBe('PAYMENT_LINK_INVALID');
  });
});

describe('simulated card', () => {
  it('4242… confirms the payment once, moves paid_cents once and mails the client and the issuer', async () => {
    const { client, invoiceId, issuer } = await clientWithInvoice(ctx);
    const { payment_id: id, token } = (await checkout(ctx, client, invoiceId)).json().data;
    // Anonymous, with the pay token the checkout answered (the page may have lost the session).
    const res = await pay(null, id, '4242 4242 4242 4242', token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ payment: { id, status: 'confirme', amount_cents: INVOICE_TTC, invoice_id: invoiceId }, left_to_pay_cents: 0 });
    expect(await paidCents(ctx, invoiceId)).toBe(INVOICE_TTC);

    // A second submission, an authorize, ten submissions at once: nothing moves again.
    const again = await Promise.all([...Array.from({ length: 10 }, () => pay(client, id, '4242424242424242')), authorize(ctx, client, id)]);
    for (const r of again) expect(r.json().data.payment.status, r.body).toBe('confirme');
    expect(await paidCents(ctx, invoiceId)).toBe(INVOICE_TTC);
    expect(await paymentsOf(ctx, invoiceId)).toHaveLength(1);

    expect(await mailsTo(ctx, client.email, 'Paiement reçu')).toHaveLength(1);
    const [toIssuer] = await mailsTo(ctx, issuer.email, 'Paiement reçu');
    expect(toIssuer.textBody).toContain('36,00 €');

    // Nothing left: a new checkout is refused.
    const none = await checkout(ctx, client, invoiceId);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('PAYMENT_NOTHING_DUE');
  });

  it('a declined card leaves the payment failed, the invoice unchanged, tells the client, and a retry works', async () => {
    const { client, invoiceId } = await clientWithInvoice(ctx);
    const { payment_id: id } = (await checkout(ctx, client, invoiceId)).json().data;
    const declined = await pay(client, id, '4000 0000 0000 0002');
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data.payment).toMatchObject({ status: 'echoue', failure: 'card_declined' });
    expect(await paidCents(ctx, invoiceId)).toBe(0);
    const [mail] = await mailsTo(ctx, client.email, 'Paiement non abouti');
    expect(mail.textBody).toContain('la carte a été refusée');
    expect(mail.textBody).toMatch(new RegExp(`/payment/create\\?facture=${invoiceId}&t=invoice\\.`));

    // The failed payment is over; a card submitted again is refused, a new checkout goes through.
    const closed = await pay(client, id, '4242424242424242');
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('PAYMENT_CLOSED');
    const retry = (await checkout(ctx, client, invoiceId)).json().data;
    expect((await pay(client, retry.payment_id, '4242424242424242')).json().data.payment.status).toBe('confirme');
    expect(await paidCents(ctx, invoiceId)).toBe(INVOICE_TTC);
  });

  it('refuses a number with a wrong check digit as a field error, before anything changes', async () => {
    const { client, invoiceId } = await clientWithInvoice(ctx);
    const { payment_id: id } = (await checkout(ctx, client, invoiceId)).json().data;
    const res = await pay(client, id, '4242 4242 4242 4241');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('card_number');
    expect((await paymentRow(ctx, id)).status).toBe('en_attente');
  });

  it('over-payment: two checkouts both paid → the second is not applied (failed, to refund), paid_cents moved once', async () => {
    const { client, invoiceId } = await clientWithInvoice(ctx);
    const first = (await checkout(ctx, client, invoiceId)).json().data;
    const second = (await checkout(ctx, client, invoiceId)).json().data;
    expect((await pay(client, first.payment_id, '4242424242424242')).json().data.payment.status).toBe('confirme');
    const late = await pay(client, second.payment_id, '4242424242424242');
    expect(late.json().data.payment).toMatchObject({ status: 'echoue', failure: 'over_due' });
    expect(await paidCents(ctx, invoiceId)).toBe(INVOICE_TTC);
    expect(await mailsTo(ctx, client.email, 'Paiement à rembourser')).toHaveLength(1);
  });

  it('a cancelled invoice (credit note) cannot be paid', async () => {
    const { client, invoiceId } = await clientWithInvoice(ctx);
    const open = (await checkout(ctx, client, invoiceId)).json().data;
    await ctx.db
      .update(invoices)
      .set({ creditedCents: sql`${invoices.totalTtcCents}` })
      .where(eq(invoices.id, invoiceId));
    expect((await checkout(ctx, client, invoiceId)).json().error.code).toBe('PAYMENT_INVOICE_CANCELLED');
    expect((await pay(client, open.payment_id, '4242424242424242')).json().data.payment).toMatchObject({ status: 'echoue', failure: 'invoice_cancelled' });
    expect(await paidCents(ctx, invoiceId)).toBe(0);
  });
});

describe('lists', () => {
  it('the client’s payments with their invoice; the issuer sees them on the invoice; nobody else', async () => {
    const { client, invoiceId, issuer } = await clientWithInvoice(ctx);
    const { payment_id: id } = (await checkout(ctx, client, invoiceId)).json().data;
    await pay(client, id, '4242424242424242');
    const list = await as(ctx, client, { method: 'GET', url: `/api/paiement/lists/${client.id}` });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({
      total: 1,
      items: [{ id, invoice_id: invoiceId, invoice_number: expect.stringMatching(/^T-2026-/), method: 'carte', status: 'confirme', amount_cents: INVOICE_TTC }],
    });
    const other = await loginAs(ctx, { user_type: 'client' });
    expect((await as(ctx, other, { method: 'GET', url: `/api/paiement/lists/${client.id}` })).statusCode).toBe(403);
    const admin = await loginAs(ctx, { user_type: 'admin' });
    expect((await as(ctx, admin, { method: 'GET', url: `/api/paiement/lists/${client.id}?status=confirme` })).json().data.total).toBe(1);

    const seenByIssuer = await as(ctx, issuer, { method: 'GET', url: `/api/paiement/facture/${invoiceId}` });
    expect(seenByIssuer.json().data).toMatchObject({ left_to_pay_cents: 0, can_pay: false, payments: [{ id, status: 'confirme' }] });
    expect((await as(ctx, other, { method: 'GET', url: `/api/paiement/facture/${invoiceId}` })).statusCode).toBe(403);
  });
});
