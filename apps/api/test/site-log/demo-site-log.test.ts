import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, invoices, projects, seedDemo, seedReference } from '@ouvrage/db';
import { useTestApp } from '../helpers';

/**
 * The demo's journal de chantier (decision 1231), read through the API as the demo client sees it
 * on the Écully extension: five entries by the architect, one stopped by the rain, the fourth
 * corrected by the fifth, comments on two; the architect may write, the client may not.
 */
const ctx = useTestApp();

async function login(email: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().data.token.token as string, id: res.json().data.datauser.id as number };
}
const get = async (who: { token: string }, url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${who.token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  await seedReference(ctx.handle);
  expect(await seedDemo(ctx.handle, { production: false })).toBe(true);
});

describe('the demo journal de chantier', () => {
  it('tells the works on the Écully extension, with a rainy day, a correction and comments', async () => {
    const client = await login('client@ouvrage.test');
    const architect = await login('architecte@ouvrage.test');
    const [site] = await ctx.db.select().from(projects).where(eq(projects.city, 'Écully'));
    const journal = await get(client, `/api/projet/${site.id}/journal`);
    type Entry = {
      number: number;
      weather_stop: boolean;
      comments_count: number;
      corrects: { number: number } | null;
      corrected_by: { number: number } | null;
    };
    const entries = journal.items as Entry[];
    expect(entries.map((e) => e.number)).toEqual([5, 4, 3, 2, 1]);
    expect(journal.can_write).toBe(false);
    const byNumber = new Map(entries.map((e) => [e.number, e]));
    expect(byNumber.get(2)?.weather_stop).toBe(true);
    expect(byNumber.get(5)?.corrects?.number).toBe(4);
    expect(byNumber.get(4)?.corrected_by?.number).toBe(5);
    expect(byNumber.get(3)?.comments_count).toBe(2);
    expect((await get(architect, `/api/projet/${site.id}/journal`)).can_write).toBe(true);
  });

  it('justifies the demo situation of the Écully project with the entry written before it (decision 1232)', async () => {
    const client = await login('client@ouvrage.test');
    const [site] = await ctx.db.select().from(projects).where(eq(projects.city, 'Écully'));
    const [situation] = await ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.projectId, site.id), eq(invoices.kind, 'situation')));
    const detail = await get(client, `/api/get-facture-detail/${situation.id}`);
    expect(detail.justifications.map((j: { number: number }) => j.number)).toEqual([1]);
    expect(detail.justifications[0].work_date <= detail.issue_date).toBe(true);
    const entry = await get(client, `/api/journal/${detail.justifications[0].entry_id}`);
    expect(entry.cited_by).toEqual([{ kind: 'invoice', invoice_id: situation.id, invoice_number: situation.number, invoice_kind: 'situation' }]);
  });
});
