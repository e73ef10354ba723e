// Run the Playwright end-to-end tests on a fresh embedded database, against the built web app.
// Extra arguments go to Playwright (e.g. a spec file name).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.env.E2E_DATA_DIR ?? join(root, '.tmp/e2e-data');
rmSync(dataDir, { recursive: true, force: true });

if (!existsSync(join(root, 'apps/web/dist/index.html')) || process.env.E2E_BUILD !== '0') {
  const build = spawnSync('npm', ['run', 'build', '-w', '@ouvrage/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const run = spawnSync('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, E2E_DATA_DIR: dataDir },
});
process.exit(run.status ?? 1);
