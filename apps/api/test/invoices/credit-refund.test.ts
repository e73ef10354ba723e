import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { completeProfile } from '../quotes/factories';
import { contractTtc, quoteInStatus } from './factories';

/**
 * An avoir on a paid invoice (decision 1062): a refund is owed to the client, shown to both sides,
 * recorded by the issuer; the credited amount may be invoiced again, even after the balance.
 */
const ctx = useTestApp({}, { clock: new FixedClock('2026-11-23T10:00:00Z') });
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  bob = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, alice.id);
});

type Detail = Record<string, any>;
async function post(user: TestUser, url: string, payload: Record<string, unknown>): Promise<Detail> {
  const res = await as(ctx, user, { method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const detail = (user: TestUser, id: number) => as(ctx, user, { method: 'GET', url: `/api/get-facture-detail/${id}` }).then((r) => r.json().data as Detail);
/** The client paid the whole invoice (the payment paths are tested with the payments). */
const paidInFull = (id: number) =>
  ctx.db
    .update(invoices)
    .set({ paidCents: sql`${invoices.totalTtcCents} - ${invoices.retentionCents}` })
    .where(eq(invoices.id, id));

describe('an avoir on a paid deposit after the balance', () => {
  it('owes a refund to the client, and the credited amount is invoiced again: Σ invoices − Σ avoirs = the contract', async () => {
    const quoteId = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id });
    const deposit = await post(alice, '/api/facture', { quote_id: quoteId, kind: 'acompte', percent_bp: 3000 });
    await paidInFull(deposit.id);
    const balance = await post(alice, '/api/facture', { quote_id: quoteId, kind: 'solde' });
    expect(balance.totals.total_ttc_cents + deposit.totals.total_ttc_cents).toBe(contractTtc());
    // The deposit is credited in full after it was paid.
    const credited = await post(alice, `/api/facture/${deposit.id}/avoir`, { reason: 'Acompte facturé par erreur' });
    expect(credited).toMatchObject({
      status: 'Annulée',
      left_to_pay_cents: 0,
      refund_owed_cents: deposit.totals.total_ttc_cents,
      refunded_cents: 0,
      refunds: [],
    });
    expect(credited.can).toMatchObject({ credit: false, refund: true });
    const seenByClient = await detail(carol, deposit.id);
    expect(seenByClient.refund_owed_cents).toBe(deposit.totals.total_ttc_cents);
    expect(seenByClient.can.refund).toBe(false);

    // What the avoir took back is invoiced again, even after the balance; then the contract is closed.
    const again = await post(alice, '/api/facture', { quote_id: quoteId, kind: 'solde' });
    expect(again.totals.total_ttc_cents).toBe(deposit.totals.total_ttc_cents);
    expect(balance.totals.total_ttc_cents + deposit.totals.total_ttc_cents + again.totals.total_ttc_cents - credited.credited_cents).toBe(contractTtc());
    const closed = await as(ctx, alice, { method: 'POST', url: '/api/facture', payload: { quote_id: quoteId, kind: 'solde' } });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('INVOICE_QUOTE_FULLY_INVOICED');
  });

  it('the issuer records the refund made: never more than owed, never in the future, only the issuer; the client is told', async () => {
    const quoteId = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id });
    const deposit = await post(alice, '/api/facture', { quote_id: quoteId, kind: 'acompte', percent_bp: 3000 });
    const url = `/api/facture/${deposit.id}/remboursement`;
    const nothing = await as(ctx, alice, { method: 'POST', url, payload: { amount_cents: 100, refunded_on: '2026-11-23' } });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.code).toBe('INVOICE_REFUND_NOTHING_OWED');
    await paidInFull(deposit.id);
    // A partial avoir on the paid invoice: the refund owed is that avoir.
    const credited = await post(alice, `/api/facture/${deposit.id}/avoir`, { amount_cents: 20_000, reason: 'Geste commercial' });
    const owed = credited.credit_notes[0].total_ttc_cents;
    expect(credited).toMatchObject({ status: 'Payée', left_to_pay_cents: 0, refund_owed_cents: owed });

    expect((await as(ctx, carol, { method: 'POST', url, payload: { amount_cents: 100, refunded_on: '2026-11-23' } })).statusCode).toBe(403);
    expect((await as(ctx, bob, { method: 'POST', url, payload: { amount_cents: 100, refunded_on: '2026-11-23' } })).statusCode).toBe(403);
    const over = await as(ctx, alice, { method: 'POST', url, payload: { amount_cents: owed + 1, refunded_on: '2026-11-23' } });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({ code: 'INVOICE_REFUND_OVER', params: { owed_cents: owed } });
    const future = await as(ctx, alice, { method: 'POST', url, payload: { amount_cents: 100, refunded_on: '2026-11-24' } });
    expect(future.statusCode).toBe(409);
    expect(future.json().error.code).toBe('TRANSFER_DATE_IN_FUTURE');
    for (const payload of [{ amount_cents: 0, refunded_on: '2026-11-23' }, { amount_cents: 100, refunded_on: '2026-02-30' }, { amount_cents: 100 }]) {
      const bad = await as(ctx, alice, { method: 'POST', url, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }

    const part = await post(alice, url, { amount_cents: 5_000, refunded_on: '2026-11-22' });
    expect(part).toMatchObject({ refunded_cents: 5_000, refund_owed_cents: owed - 5_000, refunds: [{ amount_cents: 5_000, refunded_on: '2026-11-22' }] });
    const rest = await post(alice, url, { amount_cents: owed - 5_000, refunded_on: '2026-11-23' });
    expect(rest).toMatchObject({ refunded_cents: owed, refund_owed_cents: 0, can: { refund: false } });
    expect((await as(ctx, alice, { method: 'POST', url, payload: { amount_cents: 1, refunded_on: '2026-11-23' } })).json().error.code).toBe(
      'INVOICE_REFUND_NOTHING_OWED',
    );
    const client = await detail(carol, deposit.id);
    expect(client).toMatchObject({ refund_owed_cents: 0, refunded_cents: owed });
    expect(client.refunds).toHaveLength(2);
    const bell = (await as(ctx, carol, { method: 'GET', url: '/api/notifications?per_page=100' })).json().data;
    expect(
      bell.items
        .filter((n: { kind: string }) => n.kind === 'invoice_refunded')
        .map((n: { params: { amount: number } }) => n.params.amount)
        .sort(),
    ).toEqual([5_000, owed - 5_000].sort());
  });
});
