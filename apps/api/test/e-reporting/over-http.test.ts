import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eReports } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { createAfnorPaClient, createFakePa } from '../../src/adapters/e-invoicing';
import { buildDueReports, refreshSubmitted, registerEReportingPa } from '../../src/modules/e-reporting';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { completeProfile } from '../quotes/factories';
import { quoteInStatus } from '../invoices/factories';

/**
 * E-reporting through the AFNOR HTTP client against the fake PA (decision 1213): a 5xx then an
 * answer gives one flow; an answer we cannot read fails the report with its reason, and the
 * architect's « Renvoyer » sends it once.
 */
const clock = new FixedClock('2026-11-05T09:00:00Z');
const ctx = useTestApp({}, { clock });
const fake = createFakePa({ bearerTokens: ['jeton-de-test'] });
const client = createAfnorPaClient({ timeoutMs: 5_000 });
const log = { warn: () => undefined };
let alice: TestUser;
let bob: TestUser;

const reportsOf = (issuerId: number) => ctx.db.select().from(eReports).where(eq(eReports.issuerId, issuerId)).orderBy(eReports.id);
const flowsNamed = (trackingId: string) => [...fake.state.flows.values()].filter((f) => f.trackingId === trackingId);

beforeAll(async () => {
  await fake.listen();
  const carol = await loginAs(ctx, { user_type: 'client' });
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  bob = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  registerEReportingPa(ctx.app.deps, {
    issuers: async () => [alice, bob].map((u) => ({ issuerId: u.id, periodKind: 'month' as const, vatRegime: 'reel_simplifie' })),
    issuer: async (_db, issuerId) => ({ issuerId, periodKind: 'month', vatRegime: 'reel_simplifie', connected: true }),
    connection: async () => ({ baseUrl: fake.url, auth: { kind: 'bearer', token: 'jeton-de-test' } }),
    client: () => client,
  });
  for (const user of [alice, bob]) {
    await completeProfile(ctx.db, user.id);
    const quote = await quoteInStatus(ctx.db, { issuerId: user.id, clientId: carol.id });
    const res = await as(ctx, user, { method: 'POST', url: '/api/facture', payload: { quote_id: quote, kind: 'acompte', percent_bp: 3000 } });
    expect(res.statusCode, res.body).toBe(201);
  }
  clock.set('2026-12-01T07:00:00Z');
}, 120_000);

afterAll(async () => {
  await fake.close();
});

describe('e-reporting over HTTP', () => {
  it('sends once after a 5xx', async () => {
    fake.failNext(1, 503);
    await buildDueReports(ctx.app.deps, log);
    // The two reports are sent at once (the queue runs jobs side by side): whichever call came
    // first got the 503 and waits for its retry; the other is sent.
    await ctx.app.deps.jobs.kick();
    const reports = async () => [...(await reportsOf(alice.id)), ...(await reportsOf(bob.id))];
    const first = await reports();
    expect(first.map((r) => r.state).sort()).toEqual(['draft', 'submitted']);
    expect(first.map((r) => r.dueDate)).toEqual(['2026-12-30', '2026-12-30']);
    clock.advance(60_000);
    await ctx.app.deps.jobs.kick();
    for (const report of await reports()) {
      expect(report.state).toBe('submitted');
      const flows = flowsNamed(report.trackingId);
      expect(flows).toHaveLength(1);
      expect(flows[0]).toMatchObject({ flowSyntax: 'FRR', processingRule: 'B2C', flowId: report.flowId });
      expect(flows[0].content.toString('utf8')).toBe(report.xml);
    }
  });

  it('is accepted once the PA acknowledges the flow (Ok), rejected with its details when it says Error', async () => {
    await refreshSubmitted(ctx.app.deps, log);
    const [report] = await reportsOf(alice.id);
    expect(report.state).toBe('accepted');
    const [other] = await reportsOf(bob.id);
    const flow = [...fake.state.flows.values()].find((f) => f.flowId === other.flowId)!;
    flow.acknowledgement = 'Error';
    flow.errors = ['G1.01 : période déclarée incohérente'];
    await ctx.db.update(eReports).set({ state: 'submitted' }).where(eq(eReports.id, other.id));
    await refreshSubmitted(ctx.app.deps, log);
    const [rejected] = await reportsOf(bob.id);
    expect(rejected.state).toBe('rejected');
    expect(rejected.lastError).toContain('période déclarée incohérente');
  });

  it('fails on garbage with the reason, then is sent once on « Renvoyer »', async () => {
    await ctx.db.delete(eReports).where(eq(eReports.issuerId, bob.id));
    fake.state.flows.clear();
    fake.garbageNext(1);
    await buildDueReports(ctx.app.deps, log);
    await ctx.app.deps.jobs.kick();
    const [failed] = await reportsOf(bob.id);
    expect(failed.state).toBe('failed');
    expect(failed.lastError).toBeTruthy();
    const res = await as(ctx, bob, { method: 'POST', url: `/api/e-reporting/rapports/${failed.id}/renvoyer` });
    expect(res.statusCode, res.body).toBe(200);
    await ctx.app.deps.jobs.kick();
    const [sent] = await reportsOf(bob.id);
    expect(sent.state).toBe('submitted');
    expect(flowsNamed(sent.trackingId)).toHaveLength(1);
  });
});
