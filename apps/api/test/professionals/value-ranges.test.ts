import { beforeAll, describe, expect, it } from 'vitest';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { ensureCompany } from './factories';
import { tempDataDir } from './helpers';

/** Issue 15: profile values outside their range are refused with the rule, never changed silently. */
const ctx = useTestApp({ dataDir: tempDataDir() });
let pro: TestUser;
const year = new Date().getFullYear();

beforeAll(async () => {
  pro = await loginAs(ctx, { user_type: 'professionnel' });
  await ensureCompany(ctx.db, pro.id);
});

const legal = { siret: '81234567600017', raison_sociale: 'Benali Plomberie', capital_cents: 1_000_000 };

describe('profile values out of range', () => {
  it('refuses a reference of 2030 with the allowed years, and its code for the translation', async () => {
    const res = await as(ctx, pro, { method: 'POST', url: `/api/professionnel/references/${pro.id}`, payload: { title: 'Salle de bains', year: 2030 } });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.fields.year).toBe(`L'année doit être comprise entre 1900 et ${year}.`);
    expect(error.field_codes.year).toEqual({ code: 'YEAR_OUT_OF_RANGE', params: { min: 1900, max: year } });
    const ok = await as(ctx, pro, { method: 'POST', url: `/api/professionnel/references/${pro.id}`, payload: { title: 'Salle de bains', year } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.year).toBe(year);
  });

  it('refuses a foundation year in the future and a negative headcount', async () => {
    const res = await as(ctx, pro, {
      method: 'PATCH',
      url: `/api/professionnel/store-details/${pro.id}`,
      payload: { general: { year_founded: year + 1, headcount: -2 } },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.fields['general.year_founded']).toBe(`L'année doit être comprise entre 1800 et ${year}.`);
    expect(error.field_codes['general.headcount'].code).toBe('HEADCOUNT_OUT_OF_RANGE');
  });

  it('refuses a 500 km radius with the maximum in the message', async () => {
    const res = await as(ctx, pro, {
      method: 'POST',
      url: `/api/professionnel/store-intervention/${pro.id}`,
      payload: { kind: 'commune', commune_insee: '69383', radius_km: 500 },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.fields.radius_km).toBe('Le rayon doit être un nombre entier de kilomètres entre 0 et 200 km.');
    expect(error.field_codes.radius_km).toEqual({ code: 'RADIUS_OUT_OF_RANGE', params: { max: 200 } });
    const zones = await as(ctx, pro, { method: 'GET', url: `/api/professionnel/zone-intervention/${pro.id}` });
    expect(zones.json().data).toEqual([]);
  });

  it('refuses a negative capital instead of saving 0 €, and a text where a number is expected', async () => {
    const res = await as(ctx, pro, {
      method: 'PATCH',
      url: `/api/professionnel/store-details/${pro.id}`,
      payload: { legal: { ...legal, capital_cents: -100_000 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields['legal.capital_cents']).toBe('Le montant doit être positif ou nul (0 € ou plus).');
    expect(res.json().error.field_codes['legal.capital_cents'].code).toBe('AMOUNT_NEGATIVE');
    const text = await as(ctx, pro, {
      method: 'PATCH',
      url: `/api/professionnel/store-details/${pro.id}`,
      payload: { legal: { ...legal, capital_cents: 'abc' } },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().error.fields['legal.capital_cents']).toBe('Le montant doit être un nombre.');
  });

  it('gives the phone rule its code, the same in every form', async () => {
    const res = await as(ctx, pro, { method: 'PATCH', url: `/api/professionnel/store-details/${pro.id}`, payload: { general: { contact_phone: '+33 6 12' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field_codes['general.contact_phone'].code).toBe('PHONE_FRENCH_INVALID');
  });
});
