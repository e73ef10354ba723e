import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, eInvoiceSubmissions, eReports, invoices, projects, seedDemo, seedReference } from '@ouvrage/db';
import { fakePaSettings, type FakePa } from '../../src/adapters/e-invoicing';
import { startDemoPa } from '../../src/demo-pa';
import { pollLifecycle } from '../../src/modules/e-invoicing/lifecycle';
import { useTestApp } from '../helpers';

/**
 * The demo's e-invoicing (decision 1215): the seed's history of the company client's documents,
 * then what the development server does at start — the fake PA listening, the demo architect
 * connected to it (credentials sealed with this start's key, the webhook registered), the
 * e-reports of closed periods built — and a new invoice to the company sent through it and
 * approved by its buyer.
 */
const ctx = useTestApp();
let pa: FakePa;
let architect: { token: string; id: number };
type Json = Record<string, any>;

const get = async (url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${architect.token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json;
};
const log = { warn: (o: object, m: string) => console.warn(m, o) };

beforeAll(async () => {
  await seedReference(ctx.handle);
  await seedDemo(ctx.handle, { production: false });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'architecte@ouvrage.test', password: DEMO_PASSWORD } });
  architect = { token: res.json().data.token.token, id: res.json().data.datauser.id };
}, 120_000);
afterAll(async () => pa?.close());

describe('the demo seed', () => {
  it('holds the company client’s documents as sent through the PA: the deposit cashed, its avoir, the approved deposit', async () => {
    const office = await ctx.db.select().from(projects).where(eq(projects.companyName, 'Atelier Bernard Design SARL'));
    const sent = (await ctx.db.select().from(invoices).where(eq(invoices.projectId, office[0].id))).sort((a, b) => a.id - b.id);
    expect(sent).toHaveLength(2);
    const [wrong, right] = await Promise.all(sent.map((i) => get(`/api/factures/${i.id}/facturation-electronique`)));
    expect(wrong.e_invoiced).toBe(true);
    expect(wrong.events.map((e: Json) => e.code)).toEqual([200, 201, 202, 212]);
    expect(wrong.submission.state).toBe('done');
    expect(right.events.map((e: Json) => e.code)).toEqual([200, 201, 202, 205]);
    expect(right.submission).toMatchObject({ state: 'submitted', last_code: 205 });
    const credit = await ctx.db.select().from(eInvoiceSubmissions).where(eq(eInvoiceSubmissions.issuerId, architect.id));
    expect(credit.filter((s) => s.creditNoteId !== null)).toHaveLength(1);
    // Without the development server's fake, no secret is stored: the connection is not usable.
    expect((await get('/api/facturation-electronique/parametres')).secret_configured).toBe(false);
  });
});

describe('the development server’s fake PA', () => {
  it('connects the demo architect at start: credentials sealed, webhook registered, e-reports built', async () => {
    pa = await startDemoPa(ctx.app, 0);
    const settings = await get('/api/facturation-electronique/parametres');
    expect(settings).toMatchObject({ pa_mode: 'own', base_url: pa.url, secret_configured: true });
    expect(pa.state.webhooks.map((w) => w.url)).toEqual([settings.webhook_url]);
    // Each closed month with a consumer sale of the demo architect has its report, sent to the PA.
    const reports = await ctx.db.select().from(eReports).where(eq(eReports.issuerId, architect.id));
    expect(reports.length).toBeGreaterThan(0);
    await ctx.app.deps.jobs.kick();
    const frr = [...pa.state.flows.values()].filter((f) => f.flowSyntax === 'FRR');
    expect(frr.map((f) => f.trackingId).sort()).toEqual(reports.map((r) => r.trackingId).sort());
  });

  it('a second start points the connection at the new fake', async () => {
    const first = pa;
    pa = await startDemoPa(ctx.app, 0);
    await first.close();
    expect((await get('/api/facturation-electronique/parametres')).base_url).toBe(pa.url);
    expect(pa.state.webhooks).toHaveLength(1);
  });

  it('an architect who left the fake in the settings screen stays where they chose', async () => {
    const put = (payload: Json) =>
      ctx.app.inject({ method: 'PUT', url: '/api/facturation-electronique/parametres', headers: { authorization: `Bearer ${architect.token}` }, payload });
    expect((await put({ pa_mode: 'none', vat_regime: 'reel_normal', e_reporting_period: 'month' })).statusCode).toBe(200);
    const other = await startDemoPa(ctx.app, 0);
    await other.close();
    expect((await get('/api/facturation-electronique/parametres')).pa_mode).toBe('none');
    expect(other.state.webhooks).toHaveLength(0);
    // Back on the current fake for the next test, as the screen would do it.
    expect((await put(fakePaSettings(pa))).statusCode).toBe(200);
  });

  it('a new invoice to the company goes through it, is found in its directory and approved by the buyer', async () => {
    const office = await ctx.db.select().from(projects).where(eq(projects.companyName, 'Atelier Bernard Design SARL'));
    const [{ quoteId }] = await ctx.db.select({ quoteId: invoices.quoteId }).from(invoices).where(eq(invoices.projectId, office[0].id));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/facture',
      headers: { authorization: `Bearer ${architect.token}` },
      payload: { quote_id: quoteId, kind: 'acompte', percent_bp: 1000 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json().data as Json;
    expect(invoice.client.routing_address).toMatch(/^\d{9}_FACTURES$/);
    await ctx.app.deps.jobs.kick();
    await pa.idle();
    await pollLifecycle(ctx.app.deps, log);
    const status = await get(`/api/factures/${invoice.id}/facturation-electronique`);
    expect(status.events.map((e: Json) => e.code)).toEqual([200, 201, 202, 205]);
    expect(status.submission.state).toBe('submitted');
  });
});
