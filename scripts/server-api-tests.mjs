// The API test files that run a second time on the PostgreSQL server under Node 22 (decision 1214):
// what can behave differently there than on the embedded database — several connections at once
// (locks, races, exactly-once), the server itself (restarts, plans, production start, two
// instances), Redis. PGlite is the same PostgreSQL engine, so the rest runs once, on PGlite.
// TEST_SERVER_ALL=1 runs every file on the server too.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tests = join(root, 'apps/api/test');

/** Folders whose every file is about the database server, the queue or money moving exactly once. */
const SERVER_FOLDERS = ['numbering', 'payments', 'jobs', 'scale-out', 'production', 'faults', 'hardening', 'health', 'storage', 'e-invoicing', 'e-reporting'];
/** What in a file says it runs things at once or needs the server (a new such test is picked up by itself). */
const SERVER_MARKERS = /Promise\.all\(|concurren|TEST_DATABASE_URL|TEST_REDIS_URL|kind === 'postgres'|advisory|FOR UPDATE|twice/i;

function files(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === 'fixtures' || entry === 'fakes' ? [] : files(path);
    return entry.endsWith('.test.ts') ? [path] : [];
  });
}

const all = files(tests).sort();
const chosen =
  process.env.TEST_SERVER_ALL === '1'
    ? all
    : all.filter((file) => SERVER_FOLDERS.includes(relative(tests, file).split('/')[0]) || SERVER_MARKERS.test(readFileSync(file, 'utf8')));
process.stdout.write(chosen.map((file) => relative(root, file)).join('\n') + '\n');
