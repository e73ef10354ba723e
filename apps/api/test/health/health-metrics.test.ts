import { describe, expect, it } from 'vitest';
import type { FileStorage } from '../../src/lib/storage';
import { checkHealth } from '../../src/modules/health/check-health';
import { as, loginAs, useTestApp } from '../helpers';

/** GET /api/health and GET /api/metrics (decision 0854). */
const METRICS_TOKEN = 'jeton-de-prometheus-0123456789abcdef';
const ctx = useTestApp({ metricsToken: METRICS_TOKEN });

describe('GET /api/health', () => {
  it('reports the database, Redis (absent here) and the file storage, publicly', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'ok',
      database: ctx.handle.kind,
      checks: { database: { status: 'ok', kind: ctx.handle.kind }, redis: { status: 'absent' }, storage: { status: 'ok', kind: 'local' } },
    });
  });

  it('answers 503 naming the dependency that fails, within its time limit', async () => {
    const broken: FileStorage = { ...ctx.app.deps.storage, kind: 'local', check: () => Promise.reject(new Error('disque plein')) };
    const stuck: FileStorage = { ...ctx.app.deps.storage, kind: 'local', check: () => new Promise(() => undefined) };
    const report = await checkHealth({ ...ctx.app.deps, storage: broken });
    expect(report).toMatchObject({ status: 'error', checks: { database: { status: 'ok' }, storage: { status: 'error', error: 'Error: disque plein' } } });
    // The stuck check never answers: getting a report at all, saying so, is the time limit at work.
    expect((await checkHealth({ ...ctx.app.deps, storage: stuck }, 200)).checks.storage).toMatchObject({
      status: 'error',
      error: expect.stringMatching(/pas de réponse en 200 ms/),
    });

    const original = ctx.app.deps.storage;
    ctx.app.deps.storage = broken;
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        success: false,
        error: { code: 'SERVICE_UNAVAILABLE' },
        data: { status: 'error', checks: { storage: { status: 'error' } } },
      });
    } finally {
      ctx.app.deps.storage = original;
    }
  });

  it('tags every answer and log line with a request id, the caller’s when it looks like one', async () => {
    const given = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-4f2a9c81-e2' } });
    expect(given.headers['x-request-id']).toBe('lb-4f2a9c81-e2');
    const made = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id\u0001' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /api/metrics', () => {
  it('is for the METRICS_TOKEN bearer and admins only', async () => {
    const client = await loginAs(ctx, { user_type: 'client' });
    const admin = await loginAs(ctx, { user_type: 'admin' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer mauvais-jeton' } })).statusCode).toBe(401);
    expect((await as(ctx, client, { method: 'GET', url: '/api/metrics' })).statusCode).toBe(403);
    expect((await as(ctx, admin, { method: 'GET', url: '/api/metrics' })).statusCode).toBe(200);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('gives request durations per route pattern and the job queue depth', async () => {
    const client = await loginAs(ctx, { user_type: 'client' });
    await as(ctx, client, { method: 'GET', url: `/api/project/list-per-user/${client.id}` });
    await ctx.app.inject({ method: 'GET', url: '/api/nowhere' });
    const { enqueue } = await import('../../src/modules/jobs');
    await enqueue(ctx.db, { kind: 'essai.metrics', runAt: new Date(Date.now() + 3_600_000) });
    await enqueue(ctx.db, { kind: 'essai.metrics' });
    const text = (await ctx.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
    expect(text).toMatch(/ouvrage_http_request_duration_seconds_count\{method="GET",route="\/api\/project\/list-per-user\/:id",status_code="200"\} 1/);
    expect(text).toMatch(/ouvrage_http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} 1/);
    expect(text).toMatch(/ouvrage_jobs\{kind="essai.metrics",status="pending",due="true"\} 1/);
    expect(text).toMatch(/ouvrage_jobs\{kind="essai.metrics",status="pending",due="false"\} 1/);
    expect(text).toMatch(/ouvrage_jobs_running_here 0/);
    // Ids never make series of their own.
    expect(text).not.toMatch(new RegExp(`list-per-user/${client.id}`));
  });
});
