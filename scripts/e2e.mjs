// Run the Playwright end-to-end tests on a fresh embedded database, against the built web app.
// Extra arguments go to Playwright (e.g. a spec file name).
//
// Without arguments the three groups of apps/web/playwright.config.ts run in turn, one Playwright
// run each (decision 1110): the read-only specs, then those that change shared state, one at a
// time, then the specs that own their data. The database is the same all along (each run starts
// the server again on it). A group that fails does not keep the next ones from running.
// E2E_WORKERS sets the browsers at once (2 by default).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// A relative E2E_DATA_DIR is read from apps/web, as the Playwright config reads it.
const dataDir = process.env.E2E_DATA_DIR ? resolve(root, 'apps/web', process.env.E2E_DATA_DIR) : join(root, '.tmp/e2e-data');
rmSync(dataDir, { recursive: true, force: true });

// E2E_WEB_DIST builds the web app into a directory of its own (read from apps/web, as the Playwright
// config reads it), so two runs side by side do not overwrite each other's build.
const webDist = process.env.E2E_WEB_DIST ? resolve(root, 'apps/web', process.env.E2E_WEB_DIST) : join(root, 'apps/web/dist');
if (!existsSync(join(webDist, 'index.html')) || process.env.E2E_BUILD !== '0') {
  const outDir = process.env.E2E_WEB_DIST ? ['--', '--outDir', webDist, '--emptyOutDir'] : [];
  const build = spawnSync('npm', ['run', 'build', '-w', '@ouvrage/web', ...outDir], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const args = process.argv.slice(2);
// A choice of specs or tests (a file name, --project, --grep) runs once, and alone: without
// --no-deps, Playwright would run every test of the groups its group depends on.
const chosen = args.some((arg) => !arg.startsWith('-') || /^--(project|grep|grep-invert)\b|^-g$/.test(arg));
const groups = [['--project=lecture'], ['--project=démo'], ['--project=données propres']];
const runs = chosen ? [[...args, '--no-deps']] : groups.map((group) => [...group, '--no-deps', ...args]);
let status = 0;
for (const extra of runs) {
  const started = Date.now();
  const run = spawnSync('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...extra], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, E2E_DATA_DIR: dataDir },
  });
  console.log(`e2e ${extra.join(' ')}: ${((Date.now() - started) / 60_000).toFixed(1)} min, ${run.status === 0 ? 'ok' : `code ${run.status}`}`);
  if (run.status !== 0) status = run.status ?? 1;
}
process.exit(status);
