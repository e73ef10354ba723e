import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { enqueue } from '../../src/modules/jobs';
import { as, loginAs, useTestApp } from '../helpers';

const clock = new FixedClock();
const ctx = useTestApp({ tenderSweepSeconds: 5 }, { clock });

describe('admin job routes', () => {
  it('lists dead jobs with their last error, relaunches them, and refuses everyone else', async () => {
    const admin = await loginAs(ctx, { user_type: 'admin' });
    const client = await loginAs(ctx, { user_type: 'client' });
    let broken = true;
    ctx.app.deps.jobs.registerJobHandler('test.pdf', async () => {
      if (broken) throw new Error('Police DejaVu introuvable');
    });
    const { id } = await enqueue(ctx.db, { kind: 'test.pdf', payload: { devis: 12 }, maxAttempts: 1 });
    await ctx.app.deps.jobs.kick();

    const dead = await as(ctx, admin, { method: 'GET', url: '/api/admin/jobs?status=dead&kind=test.pdf' });
    expect(dead.statusCode, dead.body).toBe(200);
    expect(dead.json().data).toMatchObject({ total: 1, page: 1, per_page: 20 });
    expect(dead.json().data.items[0]).toMatchObject({
      id,
      kind: 'test.pdf',
      status: 'dead',
      attempts: 1,
      max_attempts: 1,
      last_error: 'Police DejaVu introuvable',
      payload: { devis: 12 },
    });
    const failed = await as(ctx, admin, { method: 'GET', url: '/api/admin/jobs?failed=true' });
    expect(failed.json().data.items.map((j: { id: number }) => j.id)).toContain(id);

    for (const user of [client, null]) {
      const list = await as(ctx, user, { method: 'GET', url: '/api/admin/jobs' });
      expect(list.statusCode).toBe(user ? 403 : 401);
      const retry = await as(ctx, user, { method: 'POST', url: `/api/admin/jobs/${id}/retry` });
      expect(retry.statusCode).toBe(user ? 403 : 401);
    }

    broken = false;
    const retried = await as(ctx, admin, { method: 'POST', url: `/api/admin/jobs/${id}/retry` });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ id, status: 'pending', attempts: 0, run_at: null });
    await ctx.app.deps.jobs.kick();
    const done = await as(ctx, admin, { method: 'GET', url: '/api/admin/jobs?status=done&kind=test.pdf' });
    expect(done.json().data.items[0]).toMatchObject({ id, status: 'done', attempts: 1 });

    // Only a dead job can be relaunched.
    const again = await as(ctx, admin, { method: 'POST', url: `/api/admin/jobs/${id}/retry` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'JOB_NOT_DEAD', params: { status: 'done' } });
    expect(again.json().error.message).toContain('Seule une tâche en échec définitif');
    const unknown = await as(ctx, admin, { method: 'POST', url: '/api/admin/jobs/999999/retry' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Tâche introuvable.');
  });

  it('answers a clear 400 for bad filters', async () => {
    const admin = await loginAs(ctx, { user_type: 'admin' });
    for (const query of ['status=perdue', 'kind=Pas%20Un%20Type', 'failed=oui', 'per_page=500', 'page=0']) {
      const res = await as(ctx, admin, { method: 'GET', url: `/api/admin/jobs?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const res = await as(ctx, admin, { method: 'GET', url: '/api/admin/jobs?status=perdue' });
    expect(JSON.stringify(res.json().error)).toContain('L’état doit être');
  });

  it('pages through jobs, newest first', async () => {
    const admin = await loginAs(ctx, { user_type: 'admin' });
    for (let i = 0; i < 3; i++) await enqueue(ctx.db, { kind: 'test.page', payload: { i } });
    const res = await as(ctx, admin, { method: 'GET', url: '/api/admin/jobs?kind=test.page&per_page=2&page=2' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(res.json().data.items.map((j: { payload: { i: number } }) => j.payload.i)).toEqual([0]);
  });

  it('runs the tender sweep as a recurring job, once per period', async () => {
    const sweeps = () => ctx.db.select().from(jobs).where(eq(jobs.kind, 'tenders.sweep')).orderBy(jobs.id);
    await ctx.app.deps.jobs.scheduleRecurring();
    await ctx.app.deps.jobs.scheduleRecurring();
    expect(await sweeps()).toHaveLength(1);
    clock.advance(5_000);
    await ctx.app.deps.jobs.kick();
    await ctx.app.deps.jobs.scheduleRecurring();
    expect((await sweeps()).map((j) => j.status)).toEqual(['done', 'pending']);
  });
});
