/**
 * Cold start of `npm start` (issue 13): with the web app and the API already built and a data
 * directory that already holds the demo data, how long from launching the API process to its first
 * healthy answer. Compares the compiled API (`node apps/api/dist/server.js`, what `npm start` runs,
 * decision 0862) with the TypeScript sources under tsx. Median of BENCH_RUNS (5) starts each.
 *   npm run bench -- cold-start
 *   npm run bench -- cold-start --compiled-only   (skips the tsx variant)
 *   npm run bench -- cold-start --phases          (also the median of each phase of the "ready" line)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './lib/stats';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.BENCH_PORT ?? 3270);
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const dataDir = mkdtempSync(join(tmpdir(), 'ouvrage-cold-start-'));
const bundle = join(root, 'apps/api/dist/server.js');
const compiledOnly = process.argv.includes('--compiled-only');
// The phases come from the "ready" line, logged at the info level; without --phases the API logs
// only warnings, as the figures of decision 0862 were taken.
const withPhases = process.argv.includes('--phases');

const variants: Record<string, readonly string[]> = {
  'compilée (npm start)': ['--enable-source-maps', bundle],
  ...(compiledOnly ? {} : { 'sources sous tsx': ['--import', 'tsx', join(root, 'apps/api/src/server.ts')] }),
};

interface Start {
  ms: number;
  /** The `*_ms` fields of the "ready" line (with --phases). */
  phases: Record<string, number>;
}

/** Start the API, wait for /api/health to answer 200, stop it; the milliseconds it took. */
async function startOnce(args: readonly string[]): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', withPhases ? 'pipe' : 'ignore', 'ignore'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: withPhases ? 'info' : 'warn',
      WEB_DIST: join(root, 'apps/web/dist'),
    },
  });
  const phases: Record<string, number> = {};
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (let end = output.indexOf('\n'); end >= 0; end = output.indexOf('\n')) {
      const line = output.slice(0, end);
      output = output.slice(end + 1);
      if (!line.includes('"ready_ms"')) continue;
      for (const [key, value] of Object.entries(JSON.parse(line) as Record<string, unknown>))
        if (key.endsWith('_ms') && typeof value === 'number') phases[key] = value;
    }
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`l’API s’est arrêtée (code ${child.exitCode})`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) {
          const ms = performance.now() - started;
          // The ready line is written just after the socket is bound: give it a moment.
          for (let i = 0; withPhases && !('ready_ms' in phases) && i < 50; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
          return { ms, phases };
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function main() {
  if (!existsSync(bundle) || process.env.BENCH_BUILD !== '0')
    spawnSync(process.execPath, [join(root, 'scripts/build-api.mjs')], { cwd: root, stdio: 'inherit' });
  // The first start creates the database and the demo data; the measured ones find them.
  console.log(`Première mise en route (base et démo) : ${(await startOnce(variants['compilée (npm start)'])).ms.toFixed(0)} ms`);
  for (const [label, args] of Object.entries(variants)) {
    const starts: Start[] = [];
    for (let i = 0; i < runs; i += 1) starts.push(await startOnce(args));
    const times = starts.map((s) => s.ms);
    console.log(`${label.padEnd(24)} médiane ${median(times).toFixed(0).padStart(5)} ms   (${times.map((t) => t.toFixed(0)).join(', ')})`);
    if (withPhases) {
      const names = [...new Set(starts.flatMap((s) => Object.keys(s.phases)))];
      console.log(`${''.padEnd(24)} phases (médianes) : ${names.map((n) => `${n} ${median(starts.map((s) => s.phases[n] ?? 0))}`).join(', ')}`);
    }
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(dataDir, { recursive: true, force: true }));
