import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeoplateformeAddressSearch, OfflineAddressSearch, createAddressSearch } from '../../src/adapters/address';
import type { AppConfig } from '../../src/config';
import { startFakeGeocoder, type FakeGeocoder } from '../fakes/geoplateforme';
import { useTestApp } from '../helpers';

let fake: FakeGeocoder;
const overrides: Partial<AppConfig> = {};
beforeAll(async () => {
  fake = await startFakeGeocoder();
  overrides.addressApiUrl = fake.url;
});
afterAll(async () => fake?.close());
const ctx = useTestApp(overrides);

describe('Géoplateforme adapter (against a local fake)', () => {
  it('maps GeoJSON features to suggestions and skips features without a commune', async () => {
    fake.mode = 'ok';
    const items = await new GeoplateformeAddressSearch(fake.url).search('12 rue de la paix paris', 5);
    expect(fake.requests.at(-1)).toMatch(/^GET \/geocodage\/search\?q=12\+rue\+de\+la\+paix\+paris&limit=5/);
    expect(items).toEqual([
      {
        label: '12 Rue de la Paix 75002 Paris',
        street: '12 Rue de la Paix',
        postcode: '75002',
        city: 'Paris',
        city_code: '75102',
        departement: '75',
        context: '75, Paris, Île-de-France',
        latitude: 48.8686,
        longitude: 2.331,
        kind: 'address',
      },
      expect.objectContaining({ city: 'Lyon', street: '', kind: 'municipality', city_code: '69123' }),
    ]);
  });

  it('throws on an HTTP error or a time-out, so the caller can fall back', async () => {
    fake.mode = 'error';
    await expect(new GeoplateformeAddressSearch(fake.url).search('paris', 5)).rejects.toThrow(/500/);
    fake.mode = 'slow';
    await expect(new GeoplateformeAddressSearch(fake.url, 200).search('paris', 5)).rejects.toThrow();
    fake.mode = 'ok';
  });

  it('falls back to the offline communes when the service fails', async () => {
    fake.mode = 'error';
    const failures: unknown[] = [];
    const search = createAddressSearch({ baseUrl: fake.url, onFallback: (e) => failures.push(e) });
    const result = await search.search('Lyon', 3);
    expect(result.source).toBe('offline');
    expect(result.items[0]).toMatchObject({ city: 'Lyon', kind: 'municipality', street: '' });
    expect(failures).toHaveLength(1);
    fake.mode = 'ok';
  });
});

describe('offline address search', () => {
  it('suggests communes by name or postcode, one line per postcode, street typed by hand', async () => {
    const offline = new OfflineAddressSearch();
    const byPostcode = await offline.search('12 rue de la Paix 75002 Paris', 5);
    expect(byPostcode.map((i) => i.city_code)).toContain('75102');
    expect(byPostcode.every((i) => i.postcode === '75002' && i.street === '' && i.departement === '75')).toBe(true);
    const byName = await offline.search('Villeurbanne', 5);
    expect(byName[0]).toMatchObject({ city: 'Villeurbanne', city_code: '69266', postcode: '69100' });
    expect(await offline.search('zzzzzz', 5)).toEqual([]);
  });
});

describe('GET /api/address/search', () => {
  it('answers anonymously from the configured geocoder', async () => {
    fake.mode = 'ok';
    const res = await ctx.app.inject({ method: 'GET', url: '/api/address/search?q=12%20rue%20de%20la%20paix' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.source).toBe('geoplateforme');
    expect(res.json().data.items[0].city_code).toBe('75102');
  });

  it('refuses a too short query with a French message', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/address/search?q=a' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.q).toBe('Saisissez au moins 2 caractères.');
  });
});
