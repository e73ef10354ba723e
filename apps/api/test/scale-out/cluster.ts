import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The scale-out topology without containers (decision 0857): the compiled API started as separate
 * Node processes in production mode, and Debian's nginx in front of them.
 */

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const NGINX = '/usr/sbin/nginx';

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** `node scripts/build-api.mjs <dir>`: the production bundle the instances run. */
export function buildApi(outdir: string): string {
  execFileSync(process.execPath, [join(REPO_ROOT, 'scripts/build-api.mjs'), outdir], { stdio: 'pipe' });
  return join(outdir, 'server.js');
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  logFile: string;
  process: ChildProcess;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
}

/** Start one API process; resolves once its /api/health answers 200. */
export async function startInstance(options: { name: string; bundle: string; port: number; env: Record<string, string>; dir: string }): Promise<Instance> {
  const logFile = join(options.dir, `${options.name}.log`);
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, [options.bundle], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', ...options.env, PORT: String(options.port), HOST: '127.0.0.1', DATA_DIR: join(options.dir, `data-${options.name}`) },
    stdio: ['ignore', out, out],
  });
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const instance: Instance = { name: options.name, port: options.port, url: `http://127.0.0.1:${options.port}`, logFile, process: child, exited };
  await waitHealthy(instance);
  return instance;
}

export async function waitHealthy(instance: Instance, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void instance.exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`L’instance ${instance.name} s’est arrêtée au démarrage :\n${tail(instance.logFile)}`);
    try {
      const res = await fetch(`${instance.url}/api/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`L’instance ${instance.name} n’a pas démarré :\n${tail(instance.logFile)}`);
}

export function tail(file: string, lines = 30): string {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n') : '(pas de journal)';
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What a cluster test needs (CI has all three): the PostgreSQL and Redis servers, and nginx. The
 * reason it is skipped on a machine without them, or '' — printed once, so a skip is never silent.
 */
export function clusterSkipReason(what: string): { serverUrl?: string; redisBase?: string; skipWhy: string } {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const redisBase = process.env.TEST_REDIS_URL;
  const skipWhy =
    !serverUrl || !redisBase ? 'TEST_DATABASE_URL et TEST_REDIS_URL ne sont pas définis' : !existsSync(NGINX) ? `nginx est absent (${NGINX})` : '';
  if (skipWhy) console.warn(`${what} : test ignoré (${skipWhy}).`);
  return { serverUrl, redisBase, skipWhy };
}

/**
 * The Redis URL of one cluster test: its own database number, so the per-address login counters
 * (shared by a cluster's instances, on purpose) never add up across two cluster tests that run at
 * once — under load both log in within the same minute from 127.0.0.1. Live channels name the
 * database too (liveChannel).
 */
export function clusterRedisUrl(redisBase: string, db: number): string {
  const url = new URL(redisBase);
  if (url.pathname === '' || url.pathname === '/') url.pathname = `/${db}`;
  return url.toString();
}

/** What a request through nginx answered: `upstream` tells which instance served it. */
export interface NginxAnswer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
  /** Parsed JSON, or null: each test reads its own routes' answers. */
  json: any;
  upstream: string;
}

/** Requests through nginx at `baseUrl`; `on` pins one to an instance, otherwise round robin. */
export function nginxCaller(baseUrl: () => string) {
  return async function call(
    path: string,
    options: { method?: string; token?: string; body?: unknown; on?: 'a' | 'b'; headers?: Record<string, string>; raw?: BodyInit } = {},
  ): Promise<NginxAnswer> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.on) headers['x-instance'] = options.on;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl()}${path}`, {
      method: options.method ?? (options.body !== undefined || options.raw ? 'POST' : 'GET'),
      headers,
      body: options.raw ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = bytes.toString('utf8');
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON (a file, the metrics)
    }
    return { status: res.status, headers: res.headers, bytes, text, json, upstream: res.headers.get('x-upstream') ?? '' };
  };
}

/**
 * nginx in front of the instances: round robin by default; `X-Instance: a|b` pins a request to
 * one (so a test can say « on the other instance » while still going through the balancer);
 * `X-Upstream` tells which instance answered.
 */
export async function startNginx(options: {
  dir: string;
  port: number;
  upstreams: Record<'a' | 'b', number>;
}): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = join(options.dir, 'nginx');
  mkdirSync(dir, { recursive: true });
  const { a, b } = options.upstreams;
  const conf = `
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 25m;
  upstream api {
    server 127.0.0.1:${a} max_fails=1 fail_timeout=3s;
    server 127.0.0.1:${b} max_fails=1 fail_timeout=3s;
    keepalive 8;
  }
  map $http_x_instance $target { default api; a 127.0.0.1:${a}; b 127.0.0.1:${b}; }
  map $http_x_request_id $rid { default $http_x_request_id; "" $request_id; }
  server {
    listen 127.0.0.1:${options.port};
    location / {
      proxy_pass http://$target;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $rid;
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout http_502;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
  const confFile = join(dir, 'nginx.conf');
  writeFileSync(confFile, conf);
  const child = spawn(NGINX, ['-p', dir, '-c', confFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx ne démarre pas : ${stderr}`);
    try {
      await fetch(`${url}/api/health`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx ne répond pas : ${stderr}`);
      await sleep(100);
    }
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** A server-sent-event stream read in the background, so a test can wait for a pattern. */
export interface EventStream {
  status: number;
  upstream: string | null;
  text(): string;
  until(pattern: RegExp, timeoutMs?: number): Promise<boolean>;
  /** Resolves `clean` when the server ended the stream, `error` when the connection broke. */
  ended: Promise<'clean' | 'error'>;
  close(): void;
}

export async function openEventStream(url: string, headers: Record<string, string>): Promise<EventStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = res.body!.getReader();
  const ended = (async (): Promise<'clean' | 'error'> => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'clean';
        buffer += decoder.decode(value, { stream: true });
      }
    } catch {
      return 'error';
    }
  })();
  return {
    status: res.status,
    upstream: res.headers.get('x-upstream'),
    text: () => buffer,
    async until(pattern, timeoutMs = 8000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(buffer) && Date.now() < deadline) await sleep(50);
      return pattern.test(buffer);
    },
    ended,
    close: () => controller.abort(),
  };
}

/**
 * A database of its own for one test run on the PostgreSQL server at `serverUrl` (CREATE DATABASE
 * with a unique name); `drop()` removes it, connections and all.
 */
export async function createRunDatabase(serverUrl: string, prefix: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** SIGKILL an instance and wait for it to be gone (no graceful shutdown: what a crash leaves). */
export async function killInstance(instance: Instance): Promise<void> {
  if (instance.process.exitCode === null && instance.process.signalCode === null) instance.process.kill('SIGKILL');
  await instance.exited;
}
