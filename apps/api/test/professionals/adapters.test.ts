import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { marketingLeads } from '@ouvrage/db';
import { HttpCompanyRegistry, RegistryUnavailableError } from '../../src/adapters/company-registry';
import { HubSpotMarketingForm, MarketingFormError } from '../../src/adapters/marketing-form';
import { settleLeadForwarding } from '../../src/modules/professionals/sign-up';
import { startFakeCompanyRegistry } from '../fakes/company-registry-server';
import { startFakeHubSpot } from '../fakes/hubspot-server';
import type { FakeServer } from '../fakes/http-server';
import { useTestApp } from '../helpers';
import { signUpBody, tempDataDir } from './helpers';

const FORM_GUID = '0b4c5a1e-7d2f-4c39-9a5e-3f1e2d6c7b8a';
let registryServer: FakeServer;
let hubspot: FakeServer;
let hubspotDown: FakeServer;

beforeAll(async () => {
  registryServer = await startFakeCompanyRegistry();
  hubspot = await startFakeHubSpot();
  hubspotDown = await startFakeHubSpot({ fail: true });
});
afterAll(async () => {
  await registryServer.close();
  await hubspot.close();
  await hubspotDown.close();
});

describe('HttpCompanyRegistry against a local API Recherche d’entreprises', () => {
  it('reads results[] / siege / matching_etablissements and maps them', async () => {
    const registry = new HttpCompanyRegistry(registryServer.url);
    const company = await registry.lookupSiret('81234567600017');
    expect(company).toMatchObject({
      raison_sociale: 'BENALI PLOMBERIE',
      forme_juridique: 'SARL',
      naf_code: '43.22A',
      head_office_postcode: '69003',
      active: true,
    });
    expect(registryServer.requests.at(-1)?.url).toMatch(/^\/search\?q=81234567600017/);
    expect(await registry.lookupSiret('73282932000074')).toBeNull();
    expect((await registry.lookupSiret('79012345900014'))?.active).toBe(false);
  });

  it('reports an unavailable registry (HTTP 500, nobody listening)', async () => {
    await expect(new HttpCompanyRegistry(registryServer.url).lookupSiret('00000000000000')).rejects.toBeInstanceOf(RegistryUnavailableError);
    await expect(new HttpCompanyRegistry('http://127.0.0.1:9', 500).lookupSiret('81234567600017')).rejects.toBeInstanceOf(RegistryUnavailableError);
  });
});

describe('HubSpotMarketingForm against a local Forms v3 endpoint', () => {
  it('posts fields and context to submit/{portalId}/{formGuid}', async () => {
    const form = new HubSpotMarketingForm(hubspot.url, '123456', FORM_GUID);
    await form.submit({
      form: 'pro-signup',
      email: 'a@b.fr',
      fields: [{ name: 'email', value: 'a@b.fr' }],
      context: { pageUri: 'http://x/professionnel', pageName: 'Inscription' },
    });
    const request = hubspot.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`/submissions/v3/integration/submit/123456/${FORM_GUID}`);
    expect(JSON.parse(request.body)).toEqual({
      fields: [{ name: 'email', value: 'a@b.fr' }],
      context: { pageUri: 'http://x/professionnel', pageName: 'Inscription' },
    });
  });

  it('throws on an error answer', async () => {
    const form = new HubSpotMarketingForm(hubspotDown.url, '123456', FORM_GUID);
    await expect(form.submit({ form: 'pro-signup', email: 'a@b.fr', fields: [{ name: 'email', value: 'a@b.fr' }], context: {} })).rejects.toBeInstanceOf(
      MarketingFormError,
    );
  });
});

describe('sign-up with the HTTP registry and a HubSpot portal configured', () => {
  const ctx = useTestApp({
    dataDir: tempDataDir(),
    get companyRegistryUrl() {
      return registryServer?.url;
    },
    get hubspot() {
      return { url: hubspot?.url ?? '', portalId: '123456', proFormGuid: FORM_GUID };
    },
  });

  it('looks the SIRET up over HTTP, then forwards the lead and marks it sent', async () => {
    const lookup = await ctx.app.inject({ method: 'GET', url: '/api/company-lookup?siret=88123456100010' });
    expect(lookup.json().data.company.raison_sociale).toBe('LUMIERE ELEC');
    expect(registryServer.requests.some((r) => r.url.startsWith('/search?q=88123456100010'))).toBe(true);

    const before = hubspot.requests.length;
    const body = await signUpBody(ctx.db, { siret: '88123456100010' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/create-professionnel-account', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    await settleLeadForwarding();
    expect(hubspot.requests.length).toBe(before + 1);
    const sent = JSON.parse(hubspot.requests.at(-1)!.body);
    expect(sent.fields).toEqual(
      expect.arrayContaining([
        { name: 'email', value: body.email },
        { name: 'company', value: 'LUMIERE ELEC' },
      ]),
    );
    const [lead] = await ctx.db.select().from(marketingLeads).where(eq(marketingLeads.email, body.email));
    expect(lead.status).toBe('sent');
    expect(lead.forwardedAt).not.toBeNull();
  });

  it('answers 503 on lookup when the registry is down, yet sign-up still works with typed fields', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/company-lookup?siret=00000000000000' });
    // 00000000000000 passes Luhn (sum 0): the registry is asked and fails
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toMatch(/registre/);
  });
});
