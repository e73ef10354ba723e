import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { completeProfile } from '../quotes/factories';
import { quoteInStatus } from './factories';

const ctx = useTestApp({}, { clock: new FixedClock('2026-11-23T10:00:00Z') });
let alice: TestUser;
let carol: TestUser;

beforeAll(async () => {
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, alice.id);
});

describe('invoice numbers under contention', () => {
  it('100 concurrent issues for one issuer → F-2026-0001 … F-2026-0100, no gap, no duplicate; concurrent deposits on one quote never over-invoice', async () => {
    const quoteIds: number[] = [];
    for (let i = 0; i < 90; i += 1) quoteIds.push(await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id }));
    // 90 quotes with one deposit each, and one quote receiving 10 deposits of 30 % at once: 3 fit, 7 are refused.
    const shared = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id });
    const requests = [
      ...quoteIds.map((id) => ({ quote_id: id, kind: 'acompte', percent_bp: 3000 })),
      ...Array.from({ length: 10 }, () => ({ quote_id: shared, kind: 'acompte', percent_bp: 3000 })),
    ];
    const answers = await Promise.all(requests.map((payload) => as(ctx, alice, { method: 'POST', url: '/api/facture', payload })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(93);
    expect(answers.filter((r) => r.statusCode === 409).map((r) => r.json().error.code)).toEqual(Array(7).fill('INVOICE_OVER_QUOTE'));
    const more = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        as(ctx, alice, { method: 'POST', url: '/api/facture', payload: { quote_id: quoteIds[i], kind: 'acompte', percent_bp: 1000 } }),
      ),
    );
    expect(more.map((r) => r.statusCode)).toEqual(Array(7).fill(201));
    const numbers = (await ctx.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.issuerId, alice.id))).map((r) => r.number).sort();
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => `F-2026-${String(i + 1).padStart(4, '0')}`));
    const onShared = await ctx.db.select().from(invoices).where(eq(invoices.quoteId, shared));
    expect(onShared).toHaveLength(3);
  }, 120_000);
});
