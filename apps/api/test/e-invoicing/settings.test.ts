import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eInvoicingSettings } from '@ouvrage/db';
import { createFakePa, FAKE_PA_CLIENT, fakePaSettings, type FakePa } from '../../src/adapters/e-invoicing';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';

/**
 * The issuer's e-invoicing settings (issue 37 §1, decision 1212): a round trip through the API,
 * the secrets stored encrypted and never returned, French 400s for bad inputs, who may read and
 * write whose settings, and « tester la connexion » against the fake PA over HTTP.
 */
const ctx = useTestApp();
let fake: FakePa;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let admin: TestUser;

const URL = '/api/facturation-electronique/parametres';

beforeAll(async () => {
  fake = createFakePa({ directory: [] });
  await fake.listen();
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  bob = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client' });
  admin = await loginAs(ctx, { user_type: 'admin' });
});
afterAll(async () => fake?.close());

const own = () => fakePaSettings(fake, { e_reporting_period: 'decade' });

describe('e-invoicing settings', () => {
  it('start at « none », monthly, réel normal', async () => {
    const res = await as(ctx, alice, { method: 'GET', url: URL });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      issuer_id: alice.id,
      pa_mode: 'none',
      secret_configured: false,
      e_reporting_period: 'month',
      vat_regime: 'reel_normal',
    });
  });

  it('round trip: the secret is stored encrypted and only said « configured »', async () => {
    const res = await as(ctx, alice, { method: 'PUT', url: URL, payload: own() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(FAKE_PA_CLIENT.clientSecret);
    expect(res.json().data).toMatchObject({
      pa_mode: 'own',
      auth_kind: 'oauth2',
      client_id: FAKE_PA_CLIENT.clientId,
      secret_configured: true,
      e_reporting_period: 'decade',
    });
    const read = await as(ctx, alice, { method: 'GET', url: URL });
    expect(read.body).not.toContain(FAKE_PA_CLIENT.clientSecret);
    expect(read.json().data.secret_configured).toBe(true);
    const [row] = await ctx.db.select().from(eInvoicingSettings).where(eq(eInvoicingSettings.userId, alice.id));
    expect(row.secretEncrypted).toMatch(/^v1:/);
    expect(row.secretEncrypted).not.toContain(FAKE_PA_CLIENT.clientSecret);
    expect(Buffer.from(row.secretEncrypted!.split(':')[3], 'base64').toString('utf8')).not.toContain(FAKE_PA_CLIENT.clientSecret);
    expect(row.webhookSecretEncrypted).toMatch(/^v1:/);
  });

  it('a change without the secret keeps the stored one', async () => {
    const before = (await ctx.db.select().from(eInvoicingSettings).where(eq(eInvoicingSettings.userId, alice.id)))[0];
    const { client_secret: _, ...rest } = own();
    const res = await as(ctx, alice, { method: 'PUT', url: URL, payload: { ...rest, e_reporting_period: 'month' } });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await ctx.db.select().from(eInvoicingSettings).where(eq(eInvoicingSettings.userId, alice.id)))[0];
    expect(after.secretEncrypted).toBe(before.secretEncrypted);
    expect(after.webhookSecretEncrypted).toBe(before.webhookSecretEncrypted);
  });

  it('tests the connection: token, directory, webhook registered', async () => {
    const res = await as(ctx, alice, { method: 'POST', url: `${URL}/test` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ ok: true, code: null, reason: null });
    expect(fake.state.webhooks.map((w) => w.url)).toContain(`${ctx.app.deps.config.publicUrl}/api/facturation-electronique/webhook/${alice.id}`);
  });

  it('a wrong secret is answered with the reason, not an error', async () => {
    const res = await as(ctx, bob, { method: 'PUT', url: URL, payload: { ...own(), client_id: 'client-inconnu', client_secret: 'pas-le-bon' } });
    expect(res.statusCode, res.body).toBe(200);
    const test = await as(ctx, bob, { method: 'POST', url: `${URL}/test` });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json().data).toMatchObject({ ok: false, code: 'PA_REFUSED' });
    expect(test.json().data.reason).toBeTruthy();
  });

  it('without a PA the test says so', async () => {
    const admin2 = await as(ctx, admin, { method: 'POST', url: `${URL}/test?issuer_id=${alice.id}` });
    expect(admin2.json().data.ok).toBe(true);
    await as(ctx, bob, { method: 'PUT', url: URL, payload: { pa_mode: 'none', vat_regime: 'franchise', e_reporting_period: 'month' } });
    const res = await as(ctx, bob, { method: 'POST', url: `${URL}/test` });
    expect(res.json().data).toMatchObject({ ok: false, code: 'PA_NOT_CONFIGURED' });
  });

  it('bad inputs get French 400s by field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...own(), pa_mode: 'autre' }, 'pa_mode'],
      [{ ...own(), base_url: 'pas une adresse' }, 'base_url'],
      [{ ...own(), base_url: undefined }, 'base_url'],
      [{ ...own(), token_url: undefined }, 'token_url'],
      [{ ...own(), e_reporting_period: 'year' }, 'e_reporting_period'],
      [{ pa_mode: 'delegated', vat_regime: 'reel_normal', e_reporting_period: 'month' }, 'organization_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await as(ctx, alice, { method: 'PUT', url: URL, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json();
      expect(Object.keys(body.error?.fields ?? body.fields ?? {}), res.body).toContain(field);
      expect(res.body).toMatch(/[éèàù’]|Indiquez|Choisissez/);
    }
  });

  it('a first own setting needs the secret', async () => {
    const dave = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
    const { client_secret: _, ...noSecret } = own();
    const res = await as(ctx, dave, { method: 'PUT', url: URL, payload: noSecret });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain('secret client');
  });

  it('delegation is refused while the platform has no PA of its own', async () => {
    const res = await as(ctx, bob, {
      method: 'PUT',
      url: URL,
      payload: { pa_mode: 'delegated', organization_id: 'ORG-1', vat_regime: 'reel_normal', e_reporting_period: 'month' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain('déléguer');
  });

  it('who may read whose settings', async () => {
    expect((await as(ctx, carol, { method: 'GET', url: URL })).statusCode).toBe(403);
    expect((await as(ctx, null, { method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await as(ctx, bob, { method: 'GET', url: `${URL}?issuer_id=${alice.id}` })).statusCode).toBe(403);
    expect((await as(ctx, admin, { method: 'GET', url: URL })).statusCode).toBe(400);
    const res = await as(ctx, admin, { method: 'GET', url: `${URL}?issuer_id=${alice.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.pa_mode).toBe('own');
    expect((await as(ctx, admin, { method: 'GET', url: `${URL}?issuer_id=${carol.id}` })).statusCode).toBe(404);
    const overview = await as(ctx, admin, { method: 'GET', url: '/api/admin/facturation-electronique' });
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json().data.items.find((i: { issuer_id: number }) => i.issuer_id === alice.id)).toMatchObject({
      pa_mode: 'own',
      secret_configured: true,
      issuer_name: `${alice.firstname} ${alice.lastname}`,
    });
    expect(overview.body).not.toContain(FAKE_PA_CLIENT.clientSecret);
  });
});
