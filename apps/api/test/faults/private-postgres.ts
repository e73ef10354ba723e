import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../scale-out/cluster';

/**
 * A PostgreSQL cluster of the test's own (Debian's binaries), so that a test may stop and start
 * the server without touching the machine's shared one. initdb refuses to run as root: as root,
 * every command runs as the `postgres` user, in a temporary directory it owns.
 */
export const PG_BIN = '/usr/lib/postgresql/15/bin';

export function privatePostgresMissing(): string {
  for (const tool of ['initdb', 'pg_ctl', 'postgres']) if (!existsSync(join(PG_BIN, tool))) return `${join(PG_BIN, tool)} est absent`;
  if (process.getuid?.() === 0 && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) return 'runuser est absent';
  return '';
}

export interface PrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:port/<database> */
  url(database: string): string;
  /** `pg_ctl stop`: `fast` ends the sessions cleanly, `immediate` is a crash (recovery at the next start). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stop (immediately) and remove the directory. */
  destroy(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'ouvrage-pg-'));
  const data = join(dir, 'data');
  const sockets = join(dir, 'sockets');
  mkdirSync(sockets);
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chownSync(sockets, uid, gid);
  }
  // Asynchronous: the test's load keeps running while the server stops and starts.
  const run = async (tool: string, args: string[]) => {
    const command = join(PG_BIN, tool);
    const [file, argv] = root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    await promisify(execFile)(file, argv, { cwd: dir, timeout: 60_000 });
  };
  const port = await freePort();
  await run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // No fsync (a test cluster); one listen address; the socket in the temporary directory.
  const options = `-p ${port} -k ${sockets} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=50`;
  const start = () => run('pg_ctl', ['-D', data, '-l', join(dir, 'postgres.log'), '-o', options, '-w', '-t', '60', 'start']);
  await start();
  let running = true;
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async stop(mode) {
      await run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      try {
        if (running) await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']);
      } catch {
        // already stopped
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
