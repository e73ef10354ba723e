import Fastify from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '@ouvrage/db/testing';
import { isConnectionLoss, registerErrorHandling } from '../../src/plugins/error-handler';
import { as, loginAs, useTestApp } from '../helpers';

describe('connection errors are 503 SERVICE_UNAVAILABLE in French', () => {
  it('recognises terminated backends, connection exceptions and socket resets, also wrapped by the ORM', () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(isConnectionLoss(terminated)).toBe(true);
    expect(isConnectionLoss({ code: '57P02' })).toBe(true);
    expect(isConnectionLoss({ code: '57P03' })).toBe(true);
    expect(isConnectionLoss({ code: '08006' })).toBe(true);
    expect(isConnectionLoss(Object.assign(new Error('Failed query: select 1'), { cause: { code: 'ECONNRESET' } }))).toBe(true);
    expect(isConnectionLoss(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLoss({ code: '23505' })).toBe(false);
    expect(isConnectionLoss(new Error('boom'))).toBe(false);
  });

  it('answers the envelope with status 503', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/perdu', async () => {
      throw Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('Connection terminated unexpectedly'), {}) });
    });
    const res = await app.inject({ method: 'GET', url: '/perdu' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ success: false, error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/momentanément indisponible/) } });
    await app.close();
  });
});

/**
 * PostgreSQL only (runs when TEST_DATABASE_URL is set): a server restart or failover, simulated by
 * terminating every backend of the database from another connection while requests are in flight.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('PostgreSQL backends terminated under load', () => {
  const ctx = useTestApp();

  it('answers 200 or 503 meanwhile (never 500), keeps the process up and recovers by itself', async () => {
    const user = await loginAs(ctx, { user_type: 'client' });
    const other = await createUser(ctx.db, {});
    const [{ name }] = await ctx.handle.query<{ name: string }>('SELECT current_database() AS name');
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const killer = new pg.Client({ connectionString: url.toString() });
    await killer.connect();

    let terminated = 0;
    // Logins (a transaction, and a password hash) are fewer: the burst is about connections, not hashing.
    const burst = Array.from({ length: 200 }, (_, i) =>
      i % 10 === 0
        ? ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: other.email, password: TEST_PASSWORD } })
        : i % 2 === 1
          ? as(ctx, user, { method: 'GET', url: '/api/me' })
          : as(ctx, user, { method: 'GET', url: `/api/project/list-per-user/${user.id}` }),
    );
    // Transactions caught between two statements (what a request doing other work inside its
    // transaction looks like): their clients are checked out with no query running when killed.
    const held = Array.from({ length: 4 }, () =>
      ctx.db
        .transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          await new Promise((resolve) => setTimeout(resolve, 400));
          await tx.execute(sql`SELECT 1`);
        })
        .then(
          () => 'committed',
          (error: unknown) => (isConnectionLoss(error) ? 'lost' : error),
        ),
    );
    const kills = (async () => {
      for (let k = 0; k < 6; k += 1) {
        await new Promise((resolve) => setTimeout(resolve, k === 0 ? 100 : 15));
        const { rowCount } = await killer.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        );
        terminated += rowCount ?? 0;
      }
    })();
    let answers: Awaited<(typeof burst)[number]>[];
    try {
      answers = await Promise.all(burst);
      await kills;
      expect(await Promise.all(held)).toContain('lost');
    } finally {
      await killer.end().catch(() => undefined);
    }

    expect(terminated).toBeGreaterThan(0);
    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.filter((s) => s !== 200 && s !== 503),
      JSON.stringify(
        answers
          .filter((a) => a.statusCode >= 500 && a.statusCode !== 503)
          .map((a) => a.body)
          .slice(0, 3),
      ),
    ).toEqual([]);
    for (const answer of answers.filter((a) => a.statusCode === 503)) expect(answer.json().error.code).toBe('SERVICE_UNAVAILABLE');

    // Later requests succeed on fresh connections (and no client is leaked: closing the pool
    // after this file waits for every client to come back).
    let recovered = 0;
    for (let attempt = 0; attempt < 30 && recovered < 5; attempt += 1) {
      const res = await as(ctx, user, { method: 'GET', url: '/api/me' });
      recovered = res.statusCode === 200 ? recovered + 1 : 0;
      if (res.statusCode !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(recovered).toBe(5);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: other.email, password: TEST_PASSWORD } })).statusCode).toBe(200);
  }, 120_000);
});
