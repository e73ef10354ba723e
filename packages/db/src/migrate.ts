import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle, DatabaseSession } from './client';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/** The advisory lock every instance takes before migrating (any constant; ours since the start). */
export const MIGRATION_LOCK = 727274;

/**
 * Apply the committed SQL migrations in file-name order, each in its own transaction,
 * recording them in `schema_migrations`. Instances starting together wait in turn on an advisory
 * lock, taken and released on the one connection that migrates (decision 0853): the first applies
 * the migrations, the others find them applied.
 */
export async function migrate(handle: DatabaseHandle, dir = MIGRATIONS_DIR): Promise<string[]> {
  return handle.withSession((session) => migrateOn(session, handle.kind, dir));
}

async function migrateOn(handle: DatabaseSession, kind: DatabaseHandle['kind'], dir: string): Promise<string[]> {
  if (kind === 'postgres') await handle.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
  try {
    // Inside the lock: two first starts would otherwise race on creating the table itself.
    await handle.execScript('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const applied = new Set((await handle.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const done: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      const sql = readFileSync(join(dir, file), 'utf8');
      const name = file.replace(/'/g, "''");
      await handle.execScript(`BEGIN;\n${sql}\nINSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`);
      done.push(file);
    }
    return done;
  } catch (error) {
    await handle.execScript('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    if (kind === 'postgres') await handle.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
  }
}
