import type { Logger } from 'drizzle-orm/logger';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '@ouvrage/db';
import { as, useTestApp } from '../helpers';

/**
 * One query per widget (decision 0810) — per owner for the widgets the read model composes from
 * several modules (decision 1190) — on the demo data: the statements a dashboard runs beyond
 * those of authenticating the caller (measured on a refused call of the same caller), counted by
 * Drizzle's logger. Each count follows a first call of the same caller: the session check's user
 * is then in memory (decision 0979), as it is for every request but a user's first.
 */
let statements = 0;
const counter: Logger = {
  logQuery: () => {
    statements += 1;
  },
};
const ctx = useTestApp({}, { dbLogger: counter });
const tokens = new Map<string, { token: string }>();

beforeAll(async () => {
  await seedDemo(ctx.handle, { production: false });
  for (const email of ['client@ouvrage.test', 'pro@ouvrage.test', 'architecte@ouvrage.test']) {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } });
    tokens.set(email, { token: res.json().data.token.token });
  }
}, 120_000);

async function count(email: string, url: string) {
  await as(ctx, tokens.get(email)!, { method: 'GET', url: '/api/me' });
  statements = 0;
  const res = await as(ctx, tokens.get(email)!, { method: 'GET', url });
  return { status: res.statusCode, statements };
}

describe('dashboard statements', () => {
  it('runs one statement per widget and owner, plus the labels of what is shown', async () => {
    const auth = (await count('client@ouvrage.test', '/api/dashboard/architecte')).statements; // 403 after loading the caller
    const client = await count('client@ouvrage.test', '/api/dashboard/client');
    expect(client.status).toBe(200);
    // projects (+ categories and goods' names, one statement), quotes to answer, documents to sign
    // (quotes, contracts, réception PVs, avenants, DGDs, + the labels of the PVs' quotes: the demo client has one), invoices to pay.
    expect(client.statements - auth).toBe(1 + 1 + 1 + (5 + 1) + 1);

    const architect = await count('architecte@ouvrage.test', '/api/dashboard/architecte?periode=24');
    expect(architect.status).toBe(200);
    // pipeline, conversion, invoiced and received per month (2), overdue invoices, guarantees (the
    // retenue withheld by quote; with some, their réceptions and the quotes' labels: the demo's finished contract has one).
    expect(architect.statements - auth).toBe(1 + 1 + 2 + 1 + (1 + 2));

    const pro = await count('pro@ouvrage.test', '/api/dashboard/professionnel');
    expect(pro.status).toBe(200);
    // available tenders (+ projects and their names: 2), accepted projects (none in the demo: no
    // labels), answers, and the profile checklist through `completenessFor`, the profile screen's own reads (6).
    expect(pro.statements - auth).toBe(1 + 2 + 1 + 1 + 6);
  });
});
