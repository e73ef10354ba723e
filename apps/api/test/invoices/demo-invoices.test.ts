import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { quotes, seedDemo, seedReference, DEMO_PASSWORD } from '@ouvrage/db';
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
    // The deposit, the situation after it, the business client's two deposits (demo-invoice-cases), the
    // two milestones of the demo chantier and the finished contract's deposit and balance (issue 38).
    expect(seen.items).toHaveLength(8);
    const [first] = await ctx.db.select({ id: quotes.id }).from(quotes).where(eq(quotes.title, 'Maîtrise d’œuvre : suivi de chantier'));
    const [item] = seen.items.filter((i: { quote_id: number }) => i.quote_id === first.id).sort((a: { id: number }, b: { id: number }) => a.id - b.id);
    expect(item.kind).toBe('acompte');
    expect(item.title).toMatch(/^Facture d’acompte — devis D-\d{4}-\d{4}$/);
    const detail = (await call(client, 'GET', `/api/get-facture-detail/${item.id}`)).json().data;
    expect(detail.deposit_percent_bp).toBe(3000);
    expect(detail.totals.total_ttc_cents).toBe(Math.round(detail.quote.totals.total_ttc_cents * 0.3));
    const pdf = await call(client, 'GET', `/api/facture/${item.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const issued = (await call(architect, 'GET', '/api/liste-facture')).json().data.items as Array<{ number: string; quote_id: number; id: number }>;
    const ofQuote = issued.filter((i) => i.quote_id === detail.quote.id).sort((a, b) => a.id - b.id);
    const next = await call(architect, 'POST', '/api/facture', { quote_id: detail.quote.id, kind: 'solde' });
    expect(next.statusCode, next.body).toBe(201);
    // The next number of this year's series: the demo invoices are dated over the last weeks, and in early January some belong to last year's.
    const thisYear = issued.filter((i) => i.number.startsWith(`F-${year}-`)).length;
    expect(next.json().data.number).toBe(`F-${year}-${String(thisYear + 1).padStart(4, '0')}`);
    expect(next.json().data.deductions.map((d: { number: string }) => d.number)).toEqual(ofQuote.map((i) => i.number));
  });
});
