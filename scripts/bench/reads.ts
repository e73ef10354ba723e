/**
 * API read throughput against its ceiling (issue 13, decision 0960). On the volume database
 * (`npm run seed:volume`; seeded here when empty), starts the real API in its own process
 * (./reads/api-server.ts: buildApp, production settings, LOG_LEVEL=warn) and beside it a bare
 * Fastify + pg server (./reads/bare-server.ts) that runs, for each URL, the statements the API ran
 * for it (recorded through the Drizzle logger), then drives both with autocannon: req/s, p50 and
 * p99 latency, the ratio API / bare, and the statements per request the API ran during the run.
 *   npm run bench -- reads                     (1 000 000 projects in ouvrage_volume)
 *   npm run bench -- reads --compare           (10 000 in ouvrage_volume_10k, then 1 000 000)
 *   npm run bench -- reads --only cloche,devis --duration 5 --connections 50 --database postgres://…
 *   npm run bench -- reads --sql        (prints the statements of each URL first)
 *   npm run bench -- reads --rounds 5   (API and bare server take turns 5 times; 3 by default)
 *   npm run bench -- reads --baseline .tmp/api-before/src   (a copy of apps/api/src inside the
 *     repository: measured too, endpoint by endpoint in the same run, on the line « avant »)
 * Not a test: a measurement, on a machine others may be loading (the load average is printed).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { createDatabase, type DatabaseHandle } from '@ouvrage/db';
import { signAccessToken } from '../../apps/api/src/lib/access-token';
import { DEFAULT_VOLUME_URL, ensureVolumeDatabase, volumeUsersOf } from '../volume/seed';
import type { CapturedQuery } from './reads/api-server';
import { median } from './lib/stats';

const here = dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    compare: { type: 'boolean', default: false },
    database: { type: 'string' },
    projects: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: process.env.BENCH_READS_DURATION ?? '5' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: process.env.BENCH_READS_ROUNDS ?? '3' },
    only: { type: 'string' },
    reseed: { type: 'boolean', default: false },
    sql: { type: 'boolean', default: false },
    baseline: { type: 'string' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
// API and bare server take turns, ROUNDS times per endpoint: a machine whose speed drifts by ±20 %
// over a minute (seen at stop 29) weighs on both alike, and the median round's ratio is printed.
const ROUNDS = Math.max(1, Number(args.rounds));
const JWT_SECRET = 'bench-reads-secret-0123456789abcdef0123456789abcdef';

interface Endpoint {
  label: string;
  url: string;
  /** The user the request runs as; none for a public route. */
  as?: number;
}

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time of the server process per answered request, in ms: what a loaded machine changes least. */
  cpu: number;
}

interface Row {
  endpoint: Endpoint;
  api: Measure;
  baseline?: Measure;
  bare: Measure;
  /** The median of the rounds' API ÷ bare req/s (and baseline ÷ bare). */
  ratio: number;
  baselineRatio?: number;
  queries: number;
}

/** The rounds of one server: the median of each figure, the errors added up. */
const medianOf = (rounds: Measure[]): Measure => ({
  rps: median(rounds.map((m) => m.rps)),
  p50: median(rounds.map((m) => m.p50)),
  p99: median(rounds.map((m) => m.p99)),
  errors: rounds.reduce((sum, m) => sum + m.errors, 0),
  cpu: median(rounds.map((m) => m.cpu)),
});

function withName(url: string, name: string): string {
  return Object.assign(new URL(url), { pathname: `/${name}` }).toString();
}

/** The benched URLs and who calls them: the busiest professional and architect, a project under way and its client, an admin. */
async function endpointsOf(handle: DatabaseHandle): Promise<Endpoint[]> {
  const users = await volumeUsersOf(handle);
  const [pro] = await handle.query<{ id: number }>(
    `SELECT professional_id AS id FROM offers JOIN users ON users.id = professional_id AND users.is_validate = 'Validé'
     WHERE status = 'Disponible' AND validation = '1' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
  );
  const [architect] = await handle.query<{ id: number }>(`SELECT issuer_id AS id FROM quotes GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
  const [project] = await handle.query<{ id: number; client_id: number }>(
    `SELECT id, client_id FROM projects WHERE state = 'En cours' ORDER BY id LIMIT 1 OFFSET 100`,
  );
  const admin = users.admins.first;
  const [{ n }] = await handle.query<{ n: string }>('SELECT count(*) AS n FROM projects');
  // The same deep page at every size: row 8 000 exists from 10 000 projects on.
  const deep = Math.min(400, Math.floor(Number(n) / 20));
  return [
    { label: 'santé', url: '/api/health' },
    { label: 'cloche d’un professionnel', url: '/api/notifications/stream', as: pro.id },
    { label: 'appels d’offre d’un professionnel, page 1', url: `/api/professionnel/liste-offres/${pro.id}?per_page=20`, as: pro.id },
    { label: 'notifications d’un professionnel', url: '/api/notifications', as: pro.id },
    { label: 'projets (admin), page 1', url: '/api/admin/project/list-project?page=1&per_page=20', as: admin },
    { label: `projets (admin), page ${deep}`, url: `/api/admin/project/list-project?page=${deep}&per_page=20`, as: admin },
    { label: 'projets (admin), filtre département', url: '/api/admin/project/list-project?departement=69&per_page=20', as: admin },
    { label: 'détail d’un projet (client)', url: `/api/project/detail-project/${project.id}`, as: project.client_id },
    { label: 'cloche de l’admin', url: '/api/notifications/stream', as: admin },
    { label: 'appels d’offre (admin), page 1', url: '/api/admin/liste-offres?per_page=20', as: admin },
    { label: 'devis d’un architecte', url: `/api/liste-devis/${architect.id}?per_page=20`, as: architect.id },
    { label: 'factures d’un architecte', url: '/api/liste-facture?per_page=20', as: architect.id },
  ].filter((e) => !args.only || args.only.split(',').some((word) => e.label.includes(word) || e.url.includes(word)));
}

function start(file: string, env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(join(here, 'reads', file), [], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_READS_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${file} arrêté (code ${code})`)));
    child.on('message', (m: { type: string; port?: number }) => {
      if (m.type === 'ready') resolve({ child, port: m.port! });
    });
  });
}

function ask<T>(child: ChildProcess, type: string, answer: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: { type: string }) => {
      if (m.type !== answer) return;
      child.off('message', on);
      resolve(m as T);
    };
    child.on('message', on);
    child.send({ type });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function load(url: string, token?: string, duration = DURATION): Promise<Result> {
  return autocannon({ url, connections: CONNECTIONS, duration, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

const measure = (r: Result, cpuMicros: number): Measure => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.non2xx + r.errors + r.timeouts,
  cpu: cpuMicros / 1000 / Math.max(1, r.requests.total),
});

/**
 * Wait until the database has no statement left running for us: a slow endpoint leaves its 50
 * queries running after autocannon stops, which would weigh on the next measure.
 */
async function settle(url: string): Promise<void> {
  const handle = await createDatabase({ url });
  try {
    for (let i = 0; i < 120; i += 1) {
      const [{ n }] = await handle.query<{ n: string }>(
        `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
      );
      if (Number(n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await handle.close();
  }
}

/** Drive `url` and read the server's CPU time around the run. */
async function measured(server: ChildProcess, url: string, token?: string): Promise<Measure> {
  const before = (await ask<{ micros: number }>(server, 'cpu', 'cpu')).micros;
  const result = await load(url, token);
  const after = (await ask<{ micros: number }>(server, 'cpu', 'cpu')).micros;
  return measure(result, after - before);
}

async function runOn(url: string): Promise<Row[]> {
  const handle = await createDatabase({ url });
  const endpoints = await endpointsOf(handle);
  const secret = new TextEncoder().encode(JWT_SECRET);
  const tokens = new Map<number, string>();
  for (const e of endpoints) {
    if (e.as && !tokens.has(e.as)) {
      const [u] = await handle.query<{ session_version: number }>('SELECT session_version FROM users WHERE id = $1', [e.as]);
      tokens.set(e.as, (await signAccessToken({ id: e.as, sessionVersion: u.session_version }, secret, 3600)).token);
    }
  }
  await handle.close();

  const api = await start('api-server.ts', apiEnv(url));
  const apiBase = `http://127.0.0.1:${api.port}`;
  let bare: { child: ChildProcess; port: number } | undefined;
  let baseline: { child: ChildProcess; port: number } | undefined;
  try {
    if (args.baseline) baseline = await start('api-server.ts', { ...apiEnv(url), BENCH_API_SRC: args.baseline });
    return await measureAll(endpoints, tokens, api.child, apiBase, url, baseline, (started) => (bare = started));
  } finally {
    await stop(api.child);
    if (baseline) await stop(baseline.child);
    if (bare) await stop(bare.child);
  }
}

function apiEnv(url: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: url,
    JWT_SECRET,
    PUBLIC_URL: 'http://localhost:3000',
    SEAL_P12_PATH: join(tmpdir(), 'ouvrage-bench-seal.p12'),
    SEAL_P12_PASSWORD: 'bench',
    DATA_DIR: join(tmpdir(), 'ouvrage-bench-data'),
  };
}

async function measureAll(
  endpoints: Endpoint[],
  tokens: Map<number, string>,
  api: ChildProcess,
  apiBase: string,
  url: string,
  baseline: { child: ChildProcess; port: number } | undefined,
  started: (bare: { child: ChildProcess; port: number }) => void,
): Promise<Row[]> {
  // Record, for each URL, the statements of one request (after a first one that warms caches),
  // and leave out the session lookup (a hook's work, not the endpoint's).
  const routes: Record<string, CapturedQuery[]> = {};
  const statements = new Map<string, number>();
  // The bare server answers each endpoint at its own path (`/e0`, `/e1`…): two endpoints may share
  // a URL and differ by their caller (the bells of a professional and of the admin).
  const barePath = (e: Endpoint) => `/e${endpoints.indexOf(e)}`;
  for (const e of endpoints) {
    const headers = e.as ? { authorization: `Bearer ${tokens.get(e.as)}` } : undefined;
    await fetch(apiBase + e.url, { headers });
    await ask(api, 'capture-start', 'capturing');
    const response = await fetch(apiBase + e.url, { headers });
    const { queries } = await ask<{ queries: CapturedQuery[] }>(api, 'capture-stop', 'captured');
    if (!response.ok) throw new Error(`${e.url} : HTTP ${response.status} ${(await response.text()).slice(0, 300)}`);
    const ownQueries = queries.filter((q) => !(/^select .* from "users" where "users"\."id" = \$1$/i.test(q.sql) && q.params[0] === e.as));
    if (args.sql) console.log(`  ${e.url}\n${queries.map((q) => `    ${q.sql}  -- ${JSON.stringify(q.params).slice(0, 120)}`).join('\n')}`);
    // Health's `SELECT 1` goes round Drizzle (handle.query): counted by hand.
    statements.set(barePath(e), e.url === '/api/health' ? 1 : queries.length);
    routes[barePath(e)] = e.url === '/api/health' ? [{ sql: 'SELECT 1', params: [] }] : ownQueries;
  }
  const routesFile = join(tmpdir(), `ouvrage-bench-reads-${process.pid}.json`);
  writeFileSync(routesFile, JSON.stringify(routes));
  const bare = await start('bare-server.ts', { DATABASE_URL: url, BARE_ROUTES: routesFile }).finally(() => rmSync(routesFile, { force: true }));
  started(bare);
  const bareBase = `http://127.0.0.1:${bare.port}`;

  const rows: Row[] = [];
  for (const e of endpoints) {
    const token = e.as ? tokens.get(e.as) : undefined;
    const targets = [
      { server: api, url: apiBase + e.url, token, rounds: [] as Measure[] },
      ...(baseline ? [{ server: baseline.child, url: `http://127.0.0.1:${baseline.port}${e.url}`, token, rounds: [] as Measure[] }] : []),
      { server: bare.child, url: bareBase + barePath(e), token: undefined, rounds: [] as Measure[] },
    ];
    for (const target of targets) await load(target.url, target.token, 1);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const target of targets) {
        await settle(url);
        target.rounds.push(await measured(target.server, target.url, target.token));
      }
    }
    await settle(url);
    const apiRounds = targets[0].rounds;
    const bareRounds = targets[targets.length - 1].rounds;
    const ratioOf = (rounds: Measure[]) => median(rounds.map((m, i) => m.rps / bareRounds[i].rps));
    const row: Row = {
      endpoint: e,
      api: medianOf(apiRounds),
      baseline: baseline ? medianOf(targets[1].rounds) : undefined,
      bare: medianOf(bareRounds),
      ratio: ratioOf(apiRounds),
      baselineRatio: baseline ? ratioOf(targets[1].rounds) : undefined,
      queries: statements.get(barePath(e)) ?? 0,
    };
    rows.push(row);
    printRow(row);
  }
  return rows;
}

const fmt = (n: number, digits = 0) => n.toLocaleString('fr-FR', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function printHeader(): void {
  console.log(
    `  ${'endpoint'.padEnd(38)} ${'API req/s'.padStart(10)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'CPU'.padStart(5)} │ ${'nu req/s'.padStart(9)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'CPU'.padStart(5)} │ ${'ratio'.padStart(5)} ${'req. SQL'.padStart(8)}`,
  );
}

function printRow({ endpoint, api, baseline, bare, ratio, baselineRatio, queries }: Row): void {
  const errors = api.errors || bare.errors ? `  (erreurs : API ${api.errors}, nu ${bare.errors})` : '';
  console.log(
    `  ${endpoint.label.padEnd(38)} ${fmt(api.rps).padStart(10)} ${fmt(api.p50).padStart(6)} ${fmt(api.p99).padStart(6)} ${fmt(api.cpu, 2).padStart(5)} │ ${fmt(bare.rps).padStart(9)} ${fmt(bare.p50).padStart(6)} ${fmt(bare.p99).padStart(6)} ${fmt(bare.cpu, 2).padStart(5)} │ ${fmt(ratio, 2).padStart(5)} ${fmt(queries).padStart(8)}${errors}`,
  );
  if (baseline) {
    console.log(
      `  ${'  (avant)'.padEnd(38)} ${fmt(baseline.rps).padStart(10)} ${fmt(baseline.p50).padStart(6)} ${fmt(baseline.p99).padStart(6)} ${fmt(baseline.cpu, 2).padStart(5)} │ ${''.padStart(9)} ${''.padStart(6)} ${''.padStart(6)} ${''.padStart(5)} │ ${fmt(baselineRatio ?? 0, 2).padStart(5)}${baseline.errors ? `  (erreurs : ${baseline.errors})` : ''}`,
    );
  }
}

async function main() {
  const base = args.database ?? process.env.VOLUME_DATABASE_URL ?? DEFAULT_VOLUME_URL;
  const sizes: Array<{ url: string; projects: number }> = args.compare
    ? [
        { url: withName(base, 'ouvrage_volume_10k'), projects: 10_000 },
        { url: base, projects: Number(args.projects) },
      ]
    : [{ url: base, projects: Number(args.projects) }];
  const results: Row[][] = [];
  for (const size of sizes) {
    await ensureVolumeDatabase(size.url, size.projects, args.reseed);
    console.log(
      `\n${size.projects.toLocaleString('fr-FR')} projets — ${CONNECTIONS} connexions, ${DURATION} s par mesure, ${ROUNDS} tours API / nu alternés, charge de la machine ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (${new Date().toISOString()})`,
    );
    console.log(
      '  latences en ms ; CPU = ms de CPU du serveur par requête ; chiffres = médiane des tours ; ratio = médiane des req/s API ÷ req/s Fastify + pg nu d’un même tour ; req. SQL = requêtes SQL d’une requête HTTP de l’API, session comprise',
    );
    printHeader();
    results.push(await runOn(size.url));
  }
  if (args.compare && results.length === 2) {
    console.log(`\nTemps à ${sizes[1].projects.toLocaleString('fr-FR')} ÷ temps à 10 000 (p50 de l’API ; cible ≤ 1,3)`);
    for (const row of results[1]) {
      const small = results[0].find((r) => r.endpoint.label === row.endpoint.label);
      if (small)
        console.log(
          `  ${row.endpoint.label.padEnd(38)} ${fmt(Math.max(row.api.p50, 0.5) / Math.max(small.api.p50, 0.5), 2).padStart(6)}   (req/s ${fmt(small.api.rps)} → ${fmt(row.api.rps)})`,
        );
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
