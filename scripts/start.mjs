// `npm start`: build the web app and compile the API when their sources changed, then start the
// compiled API (plain JavaScript, no transpiler at run time: decision 0862), which serves the web
// app, on the embedded database (./data) or on DATABASE_URL. Migrations and first-run demo data
// happen at server start.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = join(root, 'apps/web/dist/index.html');

/** True when `built` is missing or older than a file under one of `sourceDirs`. */
function isStale(built, sourceDirs) {
  return !existsSync(built) || Math.max(...sourceDirs.map(newestMtime)) > statSync(built).mtimeMs;
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const webSources = [join(root, 'apps/web'), join(root, 'packages/domain/src'), join(root, 'packages/contracts/src')];
if (isStale(builtIndex, webSources) || process.env.FORCE_BUILD) {
  console.log('Construction de l’application web…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@ouvrage/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const builtApi = join(root, 'apps/api/dist/server.js');
const apiSources = [
  join(root, 'apps/api/src'),
  ...readdirSync(join(root, 'packages'))
    .map((p) => join(root, 'packages', p, 'src'))
    .filter((dir) => existsSync(dir)),
];
if (isStale(builtApi, apiSources) || process.env.FORCE_BUILD) {
  const build = spawnSync(process.execPath, [join(root, 'scripts/build-api.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', builtApi], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WEB_DIST: process.env.WEB_DIST ?? join(root, 'apps/web/dist') },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
