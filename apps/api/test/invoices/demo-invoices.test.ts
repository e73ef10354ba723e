import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, seedReference, DEMO_PASSWORD } from '@ouvrage/db';
import { parisYear } from '@ouvrage/domain';
import { useTestApp } from '../helpers';

/** The demo invoice: a deposit on the demo validated quote, seen by the demo client, readable and printable through the API. */
const ctx = useTestApp();
let architect: { token: string; id: number };
let client: { token: string; id: number };

async function login(email: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().data.token.token as string, id: res.json().data.datauser.id as number };
}
const call = (who: { token: string }, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${who.token}` } });

beforeAll(async () => {
  await seedReference(ctx.handle);
  expect(await seedDemo(ctx.handle, { production: false })).toBe(true);
  architect = await login('architecte@ouvrage.test');
  client = await login('client@ouvrage.test');
}, 180_000);

describe('demo invoices', () => {
  it('gives the demo client a deposit invoice on the validated quote; the next invoice takes the next number', async () => {
    const year = parisYear(new Date());
    const seen = (await call(client, 'GET', '/api/liste-facture')).json().data;
    expect(seen.items).toHaveLength(1);
    const [item] = seen.items;
    expect(item.kind).toBe('acompte');
    expect(item.title).toMatch(/^Facture d’acompte — devis D-\d{4}-\d{4}$/);
    const detail = (await call(client, 'GET', `/api/get-facture-detail/${item.id}`)).json().data;
    expect(detail.deposit_percent_bp).toBe(3000);
    expect(detail.totals.total_ttc_cents).toBe(Math.round(detail.quote.totals.total_ttc_cents * 0.3));
    const pdf = await call(client, 'GET', `/api/facture/${item.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const next = await call(architect, 'POST', '/api/facture', { quote_id: detail.quote.id, kind: 'solde' });
    expect(next.statusCode, next.body).toBe(201);
    // The demo invoice is dated the day after the validation: in early January it may belong to last year's series.
    expect(next.json().data.number).toBe(item.number.startsWith(`F-${year}-`) ? `F-${year}-0002` : `F-${year}-0001`);
    expect(next.json().data.deductions.map((d: { number: string }) => d.number)).toEqual([item.number]);
  });
});
