/**
 * `npm run bench`: runs every benchmark in scripts/bench/ (one file each), one after the other,
 * each in its own process so memory and timings do not leak between them.
 * `npm run bench -- projects` runs only the files whose name contains "projects"; any further
 * arguments go to each of them (`npm run bench -- reads --compare`).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'bench');
const filter = process.argv[2];
const rest = process.argv.slice(3);
const files = readdirSync(dir)
  .filter((f) => /\.(ts|mjs|js)$/.test(f))
  .filter((f) => !filter || f.includes(filter))
  .sort();
if (files.length === 0) {
  console.log('Aucun benchmark à lancer.');
  process.exit(0);
}
let failed = 0;
for (const file of files) {
  console.log(`\n▶ ${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file), ...rest], { stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
