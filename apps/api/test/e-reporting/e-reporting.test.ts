import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { eReports, jobs } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { buildDueReports, refreshSubmitted, registerEReportingPa } from '../../src/modules/e-reporting';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { completeProfile } from '../quotes/factories';
import { quoteInStatus } from '../invoices/factories';
import { createTestPa } from './test-pa';

/**
 * E-reporting of consumer sales through the API (issue 37 §2, decision 1213): invoices issued and
 * paid through the platform's paths in November, the reports of November built when December
 * comes, sent through a PA that answers, is down, loses its answer or answers garbage.
 */
const clock = new FixedClock('2026-11-05T09:00:00Z');
const ctx = useTestApp({}, { clock });
const pa = createTestPa();
const log = { warn: () => undefined };
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
const invoices: Record<string, Record<string, any>> = {};

type Json = Record<string, any>;
async function post(user: TestUser, url: string, payload: Json): Promise<Json> {
  const res = await as(ctx, user, { method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}
const get = (user: TestUser, url: string) => as(ctx, user, { method: 'GET', url });
const baseUrl = (issuerId: number) => `https://pa.test/${issuerId}`;
const reportsOf = (issuerId: number) => ctx.db.select().from(eReports).where(eq(eReports.issuerId, issuerId)).orderBy(eReports.id);
const flowsOf = (siren: string) => pa.flows.filter((f) => f.info.trackingId.includes(siren));
const siren = (u: TestUser) => String(u.id).padStart(9, '0');

/** The reporting job's run, then the submission jobs it queued (and their retries once due). */
async function runJob() {
  await buildDueReports(ctx.app.deps, log);
  await ctx.app.deps.jobs.kick();
}

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  bob = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client', firstname: 'Claire', lastname: 'Martin' });
  await completeProfile(ctx.db, alice.id);
  await completeProfile(ctx.db, bob.id);
  registerEReportingPa(ctx.app.deps, {
    issuers: async () => [alice, bob].map((u) => ({ issuerId: u.id, periodKind: 'month' as const, vatRegime: 'reel_normal' })),
    issuer: async (_db, issuerId) => ({ issuerId, periodKind: 'month', vatRegime: 'reel_normal', connected: [alice.id, bob.id].includes(issuerId) }),
    connection: async (_db, issuerId) => ({ baseUrl: baseUrl(issuerId), auth: { kind: 'bearer', token: 't' } }),
    client: () => pa,
  });
  // Alice, 5 November: a consumer's deposit (10 % and 20 %) paid in part on the 12th; a business client's deposit.
  const consumerQuote = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id });
  invoices.consumer = await post(alice, '/api/facture', { quote_id: consumerQuote, kind: 'acompte', percent_bp: 3000 });
  const businessQuote = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id, typeClient: 'entreprise' });
  invoices.business = await post(alice, '/api/facture', { quote_id: businessQuote, kind: 'acompte', percent_bp: 3000 });
  clock.set('2026-11-12T09:00:00Z');
  await post(admin, `/api/valider-paiement-facture/${invoices.consumer.id}`, { payment_id: null, amount_cents: 50_000, received_on: '2026-11-12' });
  await post(admin, `/api/valider-paiement-facture/${invoices.business.id}`, { payment_id: null, amount_cents: 10_000, received_on: '2026-11-12' });
  // Bob: a consumer's deposit, unpaid.
  const bobQuote = await quoteInStatus(ctx.db, { issuerId: bob.id, clientId: carol.id });
  invoices.bob = await post(bob, '/api/facture', { quote_id: bobQuote, kind: 'acompte', amount_cents: 120_000 });
}, 120_000);

describe('the reports of a closed month', () => {
  it('are not built while the month is open', async () => {
    await runJob();
    expect(await reportsOf(alice.id)).toEqual([]);
  });

  it('hold the consumer’s invoice and payment, not the business client’s, and are sent once even when the job runs twice', async () => {
    clock.set('2026-12-04T08:00:00Z');
    pa.script(baseUrl(bob.id), 'down', 'down', 'down', 'down', 'down', 'down');
    await runJob();
    await runJob();
    const rows = await reportsOf(alice.id);
    expect(rows.map((r) => [r.kind, r.periodStart, r.periodEnd, r.dueDate, r.state])).toEqual([
      ['transactions', '2026-11-01', '2026-11-30', '2026-12-10', 'submitted'],
      ['payments', '2026-11-01', '2026-11-30', '2026-12-10', 'submitted'],
    ]);
    const flows = flowsOf(siren(alice));
    // Each report once; the two may leave in either order (the queue sends them side by side on a server).
    expect(flows.map((f) => [f.info.trackingId, f.info.flowSyntax, f.info.processingRule]).sort()).toEqual([
      [`ER-${siren(alice)}-P-20261101`, 'FRR', 'B2C'],
      [`ER-${siren(alice)}-T-20261101`, 'FRR', 'B2C'],
    ]);
    const consumer = invoices.consumer;
    const transactions = (rows[0].content as any).totals;
    expect(transactions).toEqual({ taxExclusiveCents: consumer.totals.total_ht_cents, taxCents: consumer.totals.total_tva_cents, count: 1 });
    expect((rows[1].content as any).totals).toMatchObject({ amountCents: 50_000, count: 1 });
    // The document sent is the stored FRR, well formed, with the sums.
    const sent = flows.find((f) => f.info.trackingId === `ER-${siren(alice)}-T-20261101`)!;
    expect(XMLValidator.validate(sent.xml)).toBe(true);
    const doc = new XMLParser().parse(sent.xml);
    expect(doc.Report.ReportDocument.Id).toBe(`ER-${siren(alice)}-T-20261101`);
    const lines = [doc.Report.TransactionsReport.Transactions].flat();
    const cents = (v: unknown) => Math.round(Number(v) * 100);
    expect(lines.reduce((s: number, l: Json) => s + cents(l.TaxExclusiveAmount), 0)).toBe(consumer.totals.total_ht_cents);
    expect(lines.reduce((s: number, l: Json) => s + cents(l.TaxTotal), 0)).toBe(consumer.totals.total_tva_cents);
  });

  it('shows each period with its status and what it contained', async () => {
    const res = await get(alice, '/api/e-reporting/periodes?year=2026');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.connected).toBe(true);
    expect(data.periods.map((p: Json) => [p.kind, p.period_start, p.status])).toEqual([
      ['transactions', '2026-12-01', 'upcoming'],
      ['payments', '2026-12-01', 'upcoming'],
      ['transactions', '2026-11-01', 'submitted'],
      ['payments', '2026-11-01', 'submitted'],
    ]);
    const id = data.periods[2].id;
    const detail = (await get(alice, `/api/e-reporting/rapports/${id}`)).json().data;
    expect(detail.items).toEqual([{ kind: 'invoice', number: invoices.consumer.number, date: '2026-11-05', amount_cents: null }]);
    expect(detail.lines.map((l: Json) => l.rate_bp)).toEqual([2000, 1000]);
    expect(detail.lines.reduce((s: number, l: Json) => s + l.amount_cents, 0)).toBe(invoices.consumer.totals.total_ht_cents);
    expect(detail.history.map((h: Json) => h.state)).toEqual(['draft', 'submitted']);
  });

  it('turns accepted when the PA passes the report on', async () => {
    for (const f of flowsOf(siren(alice))) f.codes.push(202);
    await refreshSubmitted(ctx.app.deps, log);
    expect((await reportsOf(alice.id)).map((r) => r.state)).toEqual(['accepted', 'accepted']);
  });
});

describe('a PA that is down or answers garbage', () => {
  it('keeps the report a draft while the PA is down, retries with backoff, and sends it once when it answers', async () => {
    let [row] = await reportsOf(bob.id);
    expect(row.kind).toBe('transactions');
    expect(row.state).toBe('draft');
    expect(row.lastError).toContain('503');
    expect(flowsOf(siren(bob))).toEqual([]);
    // The queue's backoff: nothing is tried again before the retry's time.
    const before = row.attempts;
    await ctx.app.deps.jobs.kick();
    expect((await reportsOf(bob.id))[0].attempts).toBe(before);
    pa.script(baseUrl(bob.id), 'lost');
    clock.advance(60_000);
    await ctx.app.deps.jobs.kick();
    // The PA took it but the answer was lost: the next attempt finds the flow instead of sending again.
    clock.advance(120_000);
    await ctx.app.deps.jobs.kick();
    [row] = await reportsOf(bob.id);
    expect(row.state).toBe('submitted');
    expect(flowsOf(siren(bob))).toHaveLength(1);
    expect(row.flowId).toBe(flowsOf(siren(bob))[0].flowId);
  });

  it('marks a report failed with the reason on garbage, shows it, and sends it again on the architect’s demand without doubling it', async () => {
    // A correction-free way to get a second report of Bob: a consumer's avoir in December, reported in January.
    await post(bob, `/api/facture/${invoices.bob.id}/avoir`, { reason: 'Acompte facturé par erreur' });
    clock.set('2027-01-03T08:00:00Z');
    pa.script(baseUrl(bob.id), 'garbage');
    await runJob();
    const failed = (await reportsOf(bob.id)).find((r) => r.periodStart === '2026-12-01')!;
    expect(failed.state).toBe('failed');
    expect(failed.lastError).toContain('illisible');
    const shown = (await get(bob, `/api/e-reporting/rapports/${failed.id}`)).json().data;
    expect(shown).toMatchObject({ status: 'failed', can_resend: true, last_error: failed.lastError });
    const res = await as(ctx, bob, { method: 'POST', url: `/api/e-reporting/rapports/${failed.id}/renvoyer` });
    expect(res.statusCode, res.body).toBe(200);
    await ctx.app.deps.jobs.kick();
    const [again] = await ctx.db.select().from(eReports).where(eq(eReports.id, failed.id));
    expect(again.state).toBe('submitted');
    expect(pa.flows.filter((f) => f.info.trackingId === failed.trackingId)).toHaveLength(1);
    expect(again.history.map((h) => h.state)).toEqual(['draft', 'failed', 'draft', 'submitted']);
    // Sent: no second retry.
    const twice = await as(ctx, bob, { method: 'POST', url: `/api/e-reporting/rapports/${failed.id}/renvoyer` });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('E_REPORT_NOT_RESENDABLE');
    const open = await ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'e-reporting.submit'), eq(jobs.status, 'pending')));
    expect(open).toEqual([]);
  });
});

describe('who sees what', () => {
  it('keeps an architect to their own reports; the admin names the issuer', async () => {
    const [report] = await reportsOf(alice.id);
    expect((await get(bob, `/api/e-reporting/rapports/${report.id}`)).statusCode).toBe(403);
    expect((await as(ctx, bob, { method: 'POST', url: `/api/e-reporting/rapports/${report.id}/renvoyer` })).statusCode).toBe(403);
    expect((await get(bob, `/api/e-reporting/periodes?year=2026&issuer_id=${alice.id}`)).statusCode).toBe(403);
    expect((await get(carol, '/api/e-reporting/periodes?year=2026')).statusCode).toBe(403);
    expect((await get(admin, '/api/e-reporting/periodes?year=2026')).statusCode).toBe(400);
    const asAdmin = await get(admin, `/api/e-reporting/periodes?year=2026&issuer_id=${alice.id}`);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().data.periods.filter((p: Json) => p.id !== null)).toHaveLength(2);
    expect((await get(admin, `/api/e-reporting/rapports/${report.id}`)).statusCode).toBe(200);
  });

  it('answers a bad year in French with a 400', async () => {
    for (const year of ['abc', '1999', '2026.5']) {
      const res = await get(alice, `/api/e-reporting/periodes?year=${year}`);
      expect(res.statusCode, year).toBe(400);
      expect(JSON.stringify(res.json()), year).toMatch(/année/);
    }
    expect((await get(alice, '/api/e-reporting/periodes')).statusCode).toBe(400);
  });
});
