import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eReports } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { createFakePa, fakePaSettings } from '../../src/adapters/e-invoicing';
import { buildDueReports } from '../../src/modules/e-reporting';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { completeProfile } from '../quotes/factories';
import { quoteInStatus } from '../invoices/factories';

/**
 * E-reporting as the app wires it (decision 1213): the issuer's PA, VAT regime and period are its
 * e-invoicing settings (decision 1212), the flows go through the app's AFNOR client to the fake
 * PA. An architect without a PA is not reported.
 */
const clock = new FixedClock('2026-11-05T09:00:00Z');
const ctx = useTestApp({}, { clock });
const fake = createFakePa();
let alice: TestUser;
let bob: TestUser;
let invoice: Record<string, any>;

const reportsOf = (issuerId: number) => ctx.db.select().from(eReports).where(eq(eReports.issuerId, issuerId)).orderBy(eReports.id);

beforeAll(async () => {
  await fake.listen();
  const carol = await loginAs(ctx, { user_type: 'client' });
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  bob = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  const settings = await as(ctx, alice, {
    method: 'PUT',
    url: '/api/facturation-electronique/parametres',
    payload: fakePaSettings(fake, { e_reporting_period: 'decade' }),
  });
  expect(settings.statusCode, settings.body).toBe(200);
  for (const user of [alice, bob]) {
    await completeProfile(ctx.db, user.id);
    const quote = await quoteInStatus(ctx.db, { issuerId: user.id, clientId: carol.id });
    const res = await as(ctx, user, { method: 'POST', url: '/api/facture', payload: { quote_id: quote, kind: 'acompte', percent_bp: 3000 } });
    expect(res.statusCode, res.body).toBe(201);
    if (user === alice) invoice = res.json().data;
  }
}, 120_000);

afterAll(async () => {
  await fake.close();
});

describe('e-reporting with the e-invoicing settings', () => {
  it('reports a consumer’s invoice in its decade through the issuer’s own PA, and nobody without a PA', async () => {
    clock.set('2026-11-12T08:00:00Z');
    await buildDueReports(ctx.app.deps, { warn: () => undefined });
    await ctx.app.deps.jobs.kick();
    const [report] = await reportsOf(alice.id);
    expect(report).toMatchObject({
      kind: 'transactions',
      periodKind: 'decade',
      periodStart: '2026-11-01',
      periodEnd: '2026-11-10',
      dueDate: '2026-11-20',
      state: 'submitted',
    });
    expect((report.content as any).totals).toEqual({ taxExclusiveCents: invoice.totals.total_ht_cents, taxCents: invoice.totals.total_tva_cents, count: 1 });
    const flows = [...fake.state.flows.values()];
    expect(flows.map((f) => [f.trackingId, f.flowSyntax, f.processingRule, f.flowId])).toEqual([[report.trackingId, 'FRR', 'B2C', report.flowId]]);
    expect(await reportsOf(bob.id)).toEqual([]);
  });

  it('lists the decade reported and the open periods, the payments monthly', async () => {
    const res = await as(ctx, alice, { method: 'GET', url: '/api/e-reporting/periodes?year=2026' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ connected: true, period_kind: 'decade' });
    expect(data.periods.map((p: Record<string, any>) => [p.kind, p.period_kind, p.period_start, p.status])).toEqual([
      ['transactions', 'decade', '2026-11-11', 'upcoming'],
      ['transactions', 'decade', '2026-11-01', 'submitted'],
      ['payments', 'month', '2026-11-01', 'upcoming'],
    ]);
    const bobs = (await as(ctx, bob, { method: 'GET', url: '/api/e-reporting/periodes?year=2026' })).json().data;
    expect(bobs).toMatchObject({ connected: false, periods: [] });
  });
});
