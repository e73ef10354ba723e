/**
 * The first page (issue 13): how much JavaScript the first pages make the browser fetch, and
 * Lighthouse's mobile scores for them. Not a gate: it prints figures to compare (decision 0945).
 *   npm run bench -- first-page
 * It builds the web app into .tmp/bench-first-page/dist (or uses BENCH_WEB_DIST as it is), starts
 * the API on a fresh embedded database with the demo data (BENCH_PORT, 3260 by default; BENCH_WORK
 * moves the work directory), then:
 * - in Debian's Chromium through Playwright, with an empty cache, loads `/`, `/login`,
 *   `/professionnel` and `/dashboard` (logged in as the demo client) and sums the gzip size
 *   (level 9) of every script the page requested before its first screen showed (the app marks
 *   the moment, `ouvrage:first-screen`; what it defers until then is not counted);
 * - runs Lighthouse 12.8 (mobile, simulated throttling) BENCH_RUNS times per page (3 by default)
 *   and prints the median performance and accessibility scores. BENCH_LIGHTHOUSE=0 skips it.
 * The dashboard is measured logged in: a Chromium profile is logged in first, its HTTP cache
 * emptied, then Lighthouse reuses it without resetting storage (the session user lives in local
 * storage). Scores are noisy on a shared machine: read medians, not single runs.
 * BENCH_PAGES (`/,/dashboard`) measures only these pages; BENCH_REPORTS keeps every Lighthouse
 * report (JSON) in that directory, to read its audits. The load average (`uptime`) is printed
 * with each page's scores.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';
import { median } from './lib/stats';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
// BENCH_WORK: another work directory (build, data, profiles), for runs side by side.
const work = process.env.BENCH_WORK ?? join(root, '.tmp/bench-first-page');
const port = Number(process.env.BENCH_PORT ?? 3260);
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const base = `http://127.0.0.1:${port}`;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const DEMO_USER = 'client@ouvrage.test';
const DEMO_PASSWORD = 'Ouvrage2026!';
const ALL_PAGES = [
  { path: '/', loggedIn: false },
  { path: '/login', loggedIn: false },
  { path: '/professionnel', loggedIn: false },
  { path: '/dashboard', loggedIn: true },
] as const;
const wanted = process.env.BENCH_PAGES?.split(',').map((p) => p.trim());
const PAGES = ALL_PAGES.filter((p) => !wanted || wanted.includes(p.path));
const reports = process.env.BENCH_REPORTS;
let reportCount = 0;

function buildWeb(): string {
  if (process.env.BENCH_WEB_DIST) return process.env.BENCH_WEB_DIST;
  const outDir = join(work, 'dist');
  const web = join(root, 'apps/web');
  for (const [command, args] of [
    [process.execPath, [join(root, 'scripts/build-locales.mjs')]],
    ['npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn']],
  ] as const) {
    const run = spawnSync(command, args, { cwd: web, stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`build failed: ${command} ${args.join(' ')}`);
  }
  return outDir;
}

async function startApi(webDist: string): Promise<ChildProcess> {
  if (
    await fetch(`${base}/api/health`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`port ${port} is already in use (BENCH_PORT)`);
  const dataDir = join(work, 'data');
  rmSync(dataDir, { recursive: true, force: true });
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
    },
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the API stopped (code ${server.exitCode})`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill();
  throw new Error('the API did not start within 3 minutes');
}

async function logIn(page: Page): Promise<void> {
  await page.goto(`${base}/login`);
  await page.locator('input[name="email"]').fill(DEMO_USER);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/dashboard$/, { timeout: 30_000 });
}

interface Weight {
  /** Each script's path and gzip size, largest first. */
  scripts: Array<[string, number]>;
  files: number;
  gzip: number;
  raw: number;
  stylesheets: number;
  cssGzip: number;
  htmlEncoding: string;
  /** When the app marked its first screen (ms from the navigation; no throttling, follows the load). */
  shownAt: number;
}

/** Every script and stylesheet the page asks for until a second passes without a new script. */
async function measureWeight(page: Page, path: string): Promise<Weight> {
  const scripts = new Map<string, Promise<Buffer>>();
  const styles = new Map<string, Promise<Buffer>>();
  let last = Date.now();
  let measuring = true;
  const body = (response: Response) => response.body().catch(() => Buffer.alloc(0));
  page.on('response', (response) => {
    const url = response.url();
    if (!measuring || !url.startsWith(base)) return;
    const type = response.request().resourceType();
    if (type === 'script' || /\.m?js(\?|$)/.test(url)) {
      scripts.set(url, body(response));
      last = Date.now();
    } else if (type === 'stylesheet' || /\.css(\?|$)/.test(url)) {
      styles.set(url, body(response));
    }
  });
  const html = await page.goto(`${base}${path}`, { waitUntil: 'load' });
  await page.waitForFunction(() => performance.getEntriesByName('ouvrage:first-screen').length > 0, undefined, { timeout: 60_000 });
  const deadline = Date.now() + 20_000;
  while (Date.now() - last < 1000 && Date.now() < deadline) await page.waitForTimeout(200);
  measuring = false;
  // Only what was asked for before the first screen showed (the app marks it): what the app
  // defers until then (the rest of the kit's styles, the notifications) is not initial.
  const { shownAt, started } = await page.evaluate(() => ({
    shownAt: performance.getEntriesByName('ouvrage:first-screen')[0]?.startTime ?? Number.POSITIVE_INFINITY,
    started: performance.getEntriesByType('resource').map((e) => [e.name, e.startTime] as const),
  }));
  const startedAt = new Map(started);
  const initial = <T>(map: Map<string, T>) => [...map].filter(([url]) => (startedAt.get(url) ?? 0) < shownAt);
  const gz = (b: Buffer) => gzipSync(b, { level: 9 }).length;
  const initialScripts = initial(scripts);
  const scriptBodies = await Promise.all(initialScripts.map(([, b]) => b));
  const styleBodies = await Promise.all(initial(styles).map(([, b]) => b));
  const urls = initialScripts.map(([u]) => new URL(u).pathname);
  return {
    scripts: scriptBodies.map((b, i): [string, number] => [urls[i], gz(b)]).sort((a, b) => b[1] - a[1]),
    files: scriptBodies.length,
    gzip: scriptBodies.reduce((s, b) => s + gz(b), 0),
    raw: scriptBodies.reduce((s, b) => s + b.length, 0),
    stylesheets: styleBodies.length,
    cssGzip: styleBodies.reduce((s, b) => s + gz(b), 0),
    htmlEncoding: (await html?.headerValue('content-encoding')) ?? 'uncompressed',
    shownAt,
  };
}

async function weighPages(browser: Browser): Promise<Map<string, Weight>> {
  const weights = new Map<string, Weight>();
  for (const { path, loggedIn } of PAGES) {
    let context: BrowserContext = await browser.newContext({ locale: 'fr-FR' });
    if (loggedIn) {
      // Log in, then load the page with the session but an empty cache (a new context).
      const login = await context.newPage();
      await logIn(login);
      const state = await context.storageState();
      await context.close();
      context = await browser.newContext({ locale: 'fr-FR', storageState: state });
    }
    weights.set(path, await measureWeight(await context.newPage(), path));
    await context.close();
  }
  return weights;
}

/** A Chromium profile logged in as the demo user, with an empty HTTP cache. */
async function loggedInProfile(): Promise<string> {
  const dir = mkdtempSync(join(work, 'profile-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: chromiumPath, args: chromiumArgs, headless: true, locale: 'fr-FR' });
  const page = context.pages()[0] ?? (await context.newPage());
  await logIn(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await context.close();
  return dir;
}

interface Scores {
  performance: number;
  accessibility: number;
  /** Simulated largest contentful paint and total blocking time, ms. */
  lcp: number;
  tbt: number;
}

async function lighthouse(path: string, loggedIn: boolean): Promise<Scores> {
  const profile = loggedIn ? await loggedInProfile() : mkdtempSync(join(work, 'profile-'));
  const output = join(work, 'lighthouse.json');
  const flags = [`--headless=new`, ...chromiumArgs, `--user-data-dir=${profile}`].join(' ');
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/lighthouse/cli/index.js'),
      `${base}${path}`,
      '--quiet',
      '--only-categories=performance,accessibility',
      '--output=json',
      `--output-path=${output}`,
      `--chrome-flags=${flags}`,
      ...(loggedIn ? ['--disable-storage-reset'] : []),
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: chromiumPath } },
  );
  rmSync(profile, { recursive: true, force: true });
  if (run.status !== 0) throw new Error(`lighthouse failed on ${path} (code ${run.status})`);
  if (reports) {
    mkdirSync(reports, { recursive: true });
    copyFileSync(output, join(reports, `${String(++reportCount).padStart(2, '0')}${path.replace(/\//g, '_')}.json`));
  }
  const report = JSON.parse(readFileSync(output, 'utf8')) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { numericValue?: number }>;
    runtimeError?: { message: string };
  };
  if (report.runtimeError) throw new Error(`lighthouse on ${path}: ${report.runtimeError.message}`);
  return {
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    lcp: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    tbt: Math.round(report.audits['total-blocking-time']?.numericValue ?? Number.NaN),
  };
}

/**
 * Lighthouse 12.8 with Debian's Chromium sometimes loses the page load's trace (NO_NAVSTART, one
 * run in ten or so, on any page): such a run measured nothing and is run again, twice at most.
 */
async function lighthouseRetried(path: string, loggedIn: boolean): Promise<Scores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(path, loggedIn);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  (${path} : ${(error as Error).message} — run again)`);
    }
  }
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

async function main() {
  mkdirSync(work, { recursive: true });
  const webDist = buildWeb();
  const server = await startApi(webDist);
  try {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
    const weights = await weighPages(browser);
    await browser.close();
    console.log(`\ninitial JavaScript per page (gzip -9 of each script requested before the first screen shows; empty cache):`);
    for (const [path, w] of weights) {
      console.log(
        `${path.padEnd(15)} ${kB(w.gzip).padStart(9)} gzip in ${String(w.files).padStart(2)} files (${kB(w.raw)} raw); CSS ${kB(w.cssGzip)} gzip in ${w.stylesheets} file(s); HTML sent ${w.htmlEncoding}; first screen at ${Math.round(w.shownAt)} ms`,
      );
      // BENCH_FILES=1 lists each script, to see where the weight goes.
      if (process.env.BENCH_FILES === '1') for (const [file, size] of w.scripts) console.log(`    ${kB(size).padStart(9)}  ${file}`);
    }
    if (process.env.BENCH_LIGHTHOUSE === '0') return;
    console.log(
      `\nLighthouse 12.8 mobile, median of ${runs} run(s) — performance / accessibility (load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')} at the start):`,
    );
    for (const { path, loggedIn } of PAGES) {
      const scores: Scores[] = [];
      for (let i = 0; i < runs; i++) scores.push(await lighthouseRetried(path, loggedIn));
      const perf = scores.map((s) => s.performance);
      const a11y = scores.map((s) => s.accessibility);
      const lcp = scores.map((s) => s.lcp);
      const tbt = scores.map((s) => s.tbt);
      const load = loadavg()
        .map((l) => l.toFixed(1))
        .join(', ');
      console.log(
        `${path.padEnd(15)} ${String(median(perf)).padStart(3)} / ${median(a11y)}   LCP ${median(lcp)} ms, TBT ${median(tbt)} ms (runs: ${perf.join(', ')} / ${a11y.join(', ')}; LCP ${lcp.join(', ')}; load average ${load})`,
      );
    }
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
