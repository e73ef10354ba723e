import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, seedReference, DEMO_PASSWORD } from '@ouvrage/db';
import { useTestApp } from '../helpers';

/** The demo gives the admin's dashboard and board content over the year (decision 0824). */
const ctx = useTestApp();
let admin: { token: string };

beforeAll(async () => {
  await seedReference(ctx.handle);
  expect(await seedDemo(ctx.handle, { production: false })).toBe(true);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'admin@ouvrage.test', password: DEMO_PASSWORD } });
  admin = { token: res.json().data.token.token };
}, 180_000);

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin.token}` } });

describe('demo admin dashboard', () => {
  it('has projects to review, a pending professional, states, and tenders over several months', async () => {
    const d = (await get('/api/admin/dashboard?periode=12m')).json().data;
    expect(d.to_review.count).toBeGreaterThanOrEqual(5);
    expect(d.pros_pending.count).toBeGreaterThanOrEqual(1);
    expect(d.projects_by_state.items.filter((i: { count: number }) => i.count > 0).length).toBeGreaterThanOrEqual(6);
    expect(d.tenders.by_month.filter((m: { sent: number }) => m.sent > 0).length).toBeGreaterThanOrEqual(6);
    expect(d.tenders.accepted).toBeGreaterThan(0);
    expect(d.quotes.sent).toBeGreaterThan(0);
    expect(d.billing.invoiced_cents).toBeGreaterThan(0);
  });

  it('fills every column of the board', async () => {
    const board = (await get('/api/admin/board')).json().data;
    for (const column of board.columns) expect(column.total, column.stage).toBeGreaterThan(0);
  });
});
