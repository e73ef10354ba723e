import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDatabase, type DatabaseHandle } from '@ouvrage/db';
import { TEST_PASSWORD } from '@ouvrage/db/testing';
import { createPlatformP12 } from '../../src/modules/signature/seal-identity';
import { buildApi, createRunDatabase, freePort, killInstance, REPO_ROOT, sleep, startInstance, type Instance } from '../scale-out/cluster';

/**
 * Fault tests (issue 13, decision 0970): one compiled API process in production mode on a
 * database of its own, which a test kills with SIGKILL and starts again on the same port, data
 * directory and database.
 */

export interface Answer {
  /** 0 when no HTTP answer came back (the process died, the connection was refused or reset). */
  status: number;
  json: any;
  text: string;
}

export interface ApiUnderTest {
  dir: string;
  port: number;
  url: string;
  databaseUrl: string;
  /** The test's own connection to the run's database, to prepare data and check invariants. */
  handle: DatabaseHandle;
  instance: Instance;
  /** Start (again) the API on the same port, database and data directory. */
  start(): Promise<Instance>;
  /** SIGKILL: no graceful shutdown, what a crash or an OOM kill leaves behind. */
  kill(): Promise<void>;
  call(path: string, options?: { method?: string; token?: string; body?: unknown; raw?: string; headers?: Record<string, string> }): Promise<Answer>;
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Build the API, give it a database (a new one on `serverUrl`, or `databaseUrl` as it is) and
 * start it; `close()` kills it, drops that database and removes the directory.
 */
export async function startApiUnderTest(options: {
  prefix: string;
  serverUrl?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}): Promise<ApiUnderTest> {
  const dir = join(REPO_ROOT, '.tmp', `${options.prefix}-${process.pid}-${randomBytes(3).toString('hex')}`);
  mkdirSync(dir, { recursive: true });
  const bundle = buildApi(join(dir, 'dist'));
  const database = options.databaseUrl ? undefined : await createRunDatabase(options.serverUrl!, options.prefix.replace(/[^a-z0-9]/g, '_'));
  const databaseUrl = options.databaseUrl ?? database!.url;
  writeFileSync(join(dir, 'seal.p12'), createPlatformP12('sésame', 2048));
  const port = await freePort();
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEAL_P12_PATH: join(dir, 'seal.p12'),
    SEAL_P12_PASSWORD: 'sésame',
    LOGIN_RATE_LIMIT: '100000',
    LOG_LEVEL: 'info',
    SHUTDOWN_TIMEOUT_SECONDS: '5',
    WEB_DIST: join(dir, 'no-web'),
    ...(options.env ?? {}),
  };
  // The same name each time: same log file (appended) and same data directory (stored files).
  const start = () => startInstance({ name: 'api', bundle, port, env, dir });
  const api: ApiUnderTest = {
    dir,
    port,
    url: `http://127.0.0.1:${port}`,
    databaseUrl,
    handle: undefined as unknown as DatabaseHandle,
    instance: undefined as unknown as Instance,
    async start() {
      api.instance = await start();
      return api.instance;
    },
    async kill() {
      await killInstance(api.instance);
    },
    async call(path, o = {}) {
      const headers: Record<string, string> = { ...(o.headers ?? {}) };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      if (o.body !== undefined || o.raw !== undefined) headers['content-type'] ??= 'application/json';
      try {
        const res = await fetch(`${api.url}${path}`, {
          method: o.method ?? (o.body !== undefined || o.raw !== undefined ? 'POST' : 'GET'),
          headers,
          body: o.raw ?? (o.body !== undefined ? JSON.stringify(o.body) : undefined),
          signal: AbortSignal.timeout(20_000),
        });
        const text = await res.text();
        let json: any = null;
        try {
          json = JSON.parse(text);
        } catch {
          // not JSON
        }
        return { status: res.status, json, text };
      } catch (error) {
        return { status: 0, json: null, text: String((error as Error).cause ?? error) };
      }
    },
    async login(email, password = TEST_PASSWORD) {
      const res = await api.call('/api/login', { body: { email, password } });
      if (res.status !== 200) throw new Error(`Connexion impossible pour ${email} : ${res.status} ${res.text}`);
      return res.json.data.token.token as string;
    },
    async close() {
      if (api.instance) await killInstance(api.instance);
      await api.handle?.close();
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await api.start();
    api.handle = await createDatabase({ url: databaseUrl });
  } catch (error) {
    await api.close().catch(() => undefined);
    throw error;
  }
  return api;
}

/**
 * Fire every request at once and SIGKILL the API once `afterAnswers` of them have answered (or,
 * with `when`, once the database shows the work half done): the others are in flight (some
 * committed and unanswered, some not yet committed). Resolves when all have settled.
 */
export async function killMidway(
  api: ApiUnderTest,
  requests: Array<() => Promise<Answer>>,
  trigger: { afterAnswers?: number; when?: () => Promise<boolean> } = {},
): Promise<{ answers: Answer[]; answeredBeforeKill: number }> {
  const afterAnswers = trigger.afterAnswers ?? 1;
  let answered = 0;
  let done = false;
  const settled = Promise.all(
    requests.map((fire) =>
      fire().then((answer) => {
        if (answer.status !== 0) answered += 1;
        return answer;
      }),
    ),
  ).finally(() => (done = true));
  const deadline = Date.now() + 30_000;
  for (;;) {
    // With `when`, the answers may all be in while the work goes on in the background (jobs).
    if ((done && !trigger.when) || Date.now() > deadline) break;
    if (trigger.when ? await trigger.when() : answered >= afterAnswers) break;
    await sleep(trigger.when ? 15 : 2);
  }
  const answeredBeforeKill = answered;
  await api.kill();
  return { answers: await settled, answeredBeforeKill };
}

/**
 * The dead process's job claims would hold for their 60 s lease; the test moves time on for them
 * (as if the lease had run out) instead of waiting. Only this process held claims.
 */
export async function expireDeadClaims(handle: DatabaseHandle): Promise<number> {
  const rows = await handle.query<{ id: number }>("UPDATE jobs SET locked_until = now() - interval '1 second' WHERE status = 'running' RETURNING id");
  return rows.length;
}

/** Wait until every job of these kinds is done (none pending, running or dead). */
export async function waitJobsDone(handle: DatabaseHandle, kinds: string[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await handle.query<{ id: number; kind: string; status: string; last_error: string | null }>(
      "SELECT id, kind, status, last_error FROM jobs WHERE kind = ANY($1) AND status <> 'done'",
      [kinds],
    );
    if (open.length === 0) return;
    if (Date.now() > deadline) throw new Error(`Tâches non terminées : ${JSON.stringify(open.slice(0, 5))}`);
    await sleep(200);
  }
}
