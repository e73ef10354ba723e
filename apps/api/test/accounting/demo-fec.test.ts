import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, seedReference, DEMO_PASSWORD } from '@ouvrage/db';
import { parisYear } from '@ouvrage/domain';
import { useTestApp } from '../helpers';
import { balances, checkBalancedAndNumbered, readFec } from '../../../../packages/domain/test/fec-reader';

/** The demo architect's year exports a FEC that reads back and balances (issue 37 §3, decision 1210). */
const ctx = useTestApp();
let token: string;

beforeAll(async () => {
  await seedReference(ctx.handle);
  expect(await seedDemo(ctx.handle, { production: false })).toBe(true);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'architecte@ouvrage.test', password: DEMO_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  token = res.json().data.token.token;
}, 180_000);

describe('the demo architect’s FEC', () => {
  it('has the year’s invoices, payments and avoirs, every entry and journal balanced', async () => {
    const year = parisYear(new Date());
    const res = await ctx.app.inject({ method: 'GET', url: `/api/comptabilite/fec?year=${year}`, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(new RegExp(`filename="\\d{9}FEC${year}1231\\.txt"`));
    const lines = readFec(res.body, { start: `${year}-01-01`, end: `${year}-12-31` });
    expect(lines.length).toBeGreaterThan(10);
    checkBalancedAndNumbered(lines);
    expect(balances(lines, (l) => l.journal).size).toBe(2);
  });
});
