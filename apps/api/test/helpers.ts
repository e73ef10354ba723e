import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Database, DatabaseHandle } from '@ouvrage/db';
import { createTestDatabase, createUser, TEST_PASSWORD, type UserOverrides } from '@ouvrage/db/testing';
import type { UserRow } from '@ouvrage/db';
import type { Clock } from '@ouvrage/domain';
import type { Logger } from 'drizzle-orm/logger';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';

export interface TestContext {
  app: FastifyInstance;
  handle: DatabaseHandle;
  db: Database;
  /** Temporary data directory (uploaded files) removed after the file's tests. */
  dataDir: string;
}

/**
 * One app on a fresh database per test file (PGlite in memory, or a new database on
 * TEST_DATABASE_URL). Call at the top of a file; the context is filled in beforeAll.
 */
export function useTestApp(overrides: Partial<AppConfig> = {}, options: { clock?: Clock; dbLogger?: Logger } = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    ctx.handle = await createTestDatabase({ logger: options.dbLogger });
    ctx.db = ctx.handle.db;
    ctx.dataDir = mkdtempSync(join(tmpdir(), 'ouvrage-test-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { loginRateLimit: 10_000, webDist: undefined, dataDir: ctx.dataDir, ...overrides });
    ctx.app = await buildApp({ config, handle: ctx.handle, logger: false, clock: options.clock });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.handle?.close();
    if (ctx.dataDir) rmSync(ctx.dataDir, { recursive: true, force: true });
  });
  return ctx;
}

export interface TestUser extends UserRow {
  token: string;
}

/** Create a user and log them in through the real login route. */
export async function loginAs(ctx: TestContext, overrides: UserOverrides = {}): Promise<TestUser> {
  const user = await createUser(ctx.db, overrides);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: overrides.password ?? TEST_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { ...user, token: res.json().data.token.token };
}

/** inject() with the user's bearer token. */
export function as(ctx: TestContext, user: { token: string } | null, options: InjectOptions) {
  return ctx.app.inject({
    ...options,
    headers: { ...(options.headers ?? {}), ...(user ? { authorization: `Bearer ${user.token}` } : {}) },
  });
}

/**
 * The SQL statements the app runs, as Drizzle's logger sees them (inside transactions too): pass
 * `logger` to `useTestApp`, empty `statements` before the request to observe.
 */
export function statementRecorder(): { logger: Logger; statements: string[]; clear(): void } {
  const statements: string[] = [];
  return {
    logger: { logQuery: (query) => void statements.push(query) },
    statements,
    clear: () => void statements.splice(0),
  };
}
