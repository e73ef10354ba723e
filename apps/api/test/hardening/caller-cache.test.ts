import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TEST_PASSWORD } from '@ouvrage/db/testing';
import { CallerCache } from '../../src/plugins/caller-cache';
import { as, loginAs, statementRecorder, useTestApp } from '../helpers';

/**
 * The session check's users kept in memory (decision 0979): used while the database's
 * notifications of changed users are heard, forgotten at each one. Runs on PGlite and on the
 * PostgreSQL server (where the notification comes on another connection, a moment after commit).
 */
const recorder = statementRecorder();
const ctx = useTestApp({}, { dbLogger: recorder.logger });
const onServer = () => ctx.handle.kind === 'postgres';

const lookups = () => recorder.statements.filter((s) => /from "users" where "users"\."id" = \$1$/.test(s)).length;
const me = (user: { token: string }) => as(ctx, user, { method: 'GET', url: '/api/me' });

/**
 * Until `check` passes: at once on PGlite (its notifications come before the statement returns),
 * within 2 s on a server. Returns the number of failed checks.
 */
async function eventually(check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  let failed = 0;
  while (!(await check())) {
    failed += 1;
    if (!onServer() || performance.now() - started > 2000) throw new Error('jamais vu');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return failed;
}

describe('the session check reads a user once, then from memory', () => {
  it('a second request of the same user runs no lookup', async () => {
    const user = await loginAs(ctx, { user_type: 'client' });
    expect((await me(user)).statusCode).toBe(200);
    recorder.clear();
    expect((await me(user)).statusCode).toBe(200);
    expect(lookups()).toBe(0);
  });

  it('a change made outside the API (SQL, another instance) applies as soon as the database announces it', async () => {
    const user = await loginAs(ctx, { user_type: 'client' });
    expect((await me(user)).statusCode).toBe(200);
    // What a logout on another instance does: the tokens issued before stop working.
    await ctx.handle.query('UPDATE users SET session_version = session_version + 1 WHERE id = $1', [user.id]);
    const missed = await eventually(async () => (await me(user)).statusCode === 401);
    if (!onServer()) expect(missed).toBe(0);
  });

  it('a role or validation changed in SQL is what the next checks see', async () => {
    const pro = await loginAs(ctx, { user_type: 'professionnel', is_validate: 'Validé' });
    const bell = () => as(ctx, pro, { method: 'GET', url: `/api/professionnel/liste-offres/${pro.id}` });
    expect((await bell()).statusCode).toBe(200);
    await ctx.handle.query(`UPDATE users SET is_validate = 'En attente' WHERE id = $1`, [pro.id]);
    await eventually(async () => (await bell()).statusCode === 403);
    await ctx.handle.query(`UPDATE users SET is_validate = 'Validé' WHERE id = $1`, [pro.id]);
    await eventually(async () => (await bell()).statusCode === 200);
  });

  it('a write answered here is seen by the very next request, without waiting for the notification', async () => {
    const user = await loginAs(ctx, { user_type: 'client' });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: TEST_PASSWORD } });
    const cookie = login.cookies.find((c) => c.name === 'refresh_token')!;
    const s = { token: login.json().data.token.token as string };
    expect((await me(s)).statusCode).toBe(200);
    expect((await as(ctx, s, { method: 'POST', url: '/api/logout', headers: { cookie: `refresh_token=${cookie.value}` } })).statusCode).toBe(200);
    expect((await me(s)).statusCode).toBe(401);
  });

  it('a column the checks do not read (the language) forgets nobody', async () => {
    const user = await loginAs(ctx, { user_type: 'client' });
    expect((await me(user)).statusCode).toBe(200);
    await ctx.handle.query(`UPDATE users SET language = 'en' WHERE id = $1`, [user.id]);
    if (onServer()) await new Promise((resolve) => setTimeout(resolve, 50));
    recorder.clear();
    expect((await me(user)).statusCode).toBe(200);
    expect(lookups()).toBe(0);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('a lost listener turns the cache off until it listens again, and misses nothing meanwhile', async () => {
    const user = await loginAs(ctx, { user_type: 'client' });
    expect((await me(user)).statusCode).toBe(200);
    const listening = async () =>
      ctx.handle.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
      );
    const [listener] = await listening();
    expect(listener).toBeDefined();
    await ctx.handle.query('SELECT pg_terminate_backend($1)', [listener.pid]);
    // Off: every request reads its user (the driver reports the lost connection in a moment).
    await eventually(async () => {
      recorder.clear();
      await me(user);
      return lookups() === 1;
    });
    // A change while nobody listens is still seen at once.
    await ctx.handle.query('UPDATE users SET session_version = session_version + 1 WHERE id = $1', [user.id]);
    expect((await me(user)).statusCode).toBe(401);
    // Listening again (250 ms later): a fresh login is read once, then kept.
    const again = await loginAs(ctx, { user_type: 'client' });
    await eventually(async () => (await listening()).length === 1);
    await me(again);
    recorder.clear();
    expect((await me(again)).statusCode).toBe(200);
    expect(lookups()).toBe(0);
  });
});

describe('SESSION_CACHE_SECONDS=0 (behind a transaction pooler, where notifications do not arrive)', () => {
  const uncachedRecorder = statementRecorder();
  const uncached = useTestApp({ sessionCacheMs: 0 }, { dbLogger: uncachedRecorder.logger });

  it('reads the user at every request and listens to nothing', async () => {
    const user = await loginAs(uncached, { user_type: 'client' });
    for (let i = 0; i < 3; i += 1) {
      uncachedRecorder.clear();
      expect((await as(uncached, user, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
      expect(uncachedRecorder.statements.filter((q) => /from "users" where "users"\."id" = \$1$/.test(q))).toHaveLength(1);
    }
    if (uncached.handle.kind === 'postgres') {
      const listeners = await uncached.handle.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'`);
      expect(listeners).toEqual([]);
    }
  });
});

describe('CallerCache', () => {
  const make = (now = () => 0) => new CallerCache<string>({ ttlMs: 1000, max: 3, now });

  it('keeps nothing while the notifications are not heard', async () => {
    const cache = make();
    let loads = 0;
    const load = async () => `row${(loads += 1)}`;
    await cache.read(1, load);
    await cache.read(1, load);
    expect(loads).toBe(2);
    cache.setHeard(true);
    await cache.read(1, load);
    expect(await cache.read(1, load)).toBe('row3');
    cache.setHeard(false);
    expect(await cache.read(1, load)).toBe('row4');
  });

  it('does not keep a row read while a change was announced', async () => {
    const cache = make();
    cache.setHeard(true);
    let release!: () => void;
    const slow = cache.read(1, () => new Promise<string>((resolve) => (release = () => resolve('old'))));
    cache.changed('1');
    release();
    expect(await slow).toBe('old');
    expect(await cache.read(1, async () => 'new')).toBe('new');
  });

  it('trusts a row for its time only, and holds at most its size', async () => {
    let t = 0;
    const cache = make(() => t);
    cache.setHeard(true);
    await cache.read(1, async () => 'a');
    t = 999;
    expect(await cache.read(1, async () => 'b')).toBe('a');
    t = 1000;
    expect(await cache.read(1, async () => 'b')).toBe('b');
    for (const id of [2, 3, 4]) await cache.read(id, async () => `r${id}`);
    expect(cache.size).toBe(3);
    expect(await cache.read(1, async () => 'evicted')).toBe('evicted');
  });

  it('after any sequence of reads and announcements, never answers with a row older than the last change of its user', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(fc.record({ read: fc.integer({ min: 1, max: 4 }) }), fc.record({ change: fc.integer({ min: 1, max: 4 }) }), fc.constant({ all: true })),
          { maxLength: 40 },
        ),
        async (steps) => {
          const cache = new CallerCache<number>({ ttlMs: 1e9, max: 3 });
          cache.setHeard(true);
          const version = new Map<number, number>();
          for (const step of steps) {
            if ('read' in step) {
              const row = await cache.read(step.read, async () => version.get(step.read) ?? 0);
              expect(row).toBe(version.get(step.read) ?? 0);
            } else if ('change' in step) {
              version.set(step.change, (version.get(step.change) ?? 0) + 1);
              cache.changed(String(step.change));
            } else {
              for (const id of version.keys()) version.set(id, version.get(id)! + 1);
              cache.changed('*');
            }
          }
        },
      ),
      { seed: 979, numRuns: 300 },
    );
  });
});
