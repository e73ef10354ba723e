import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from './client';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/**
 * Apply the committed SQL migrations in file-name order, each in its own transaction,
 * recording them in `schema_migrations`. An advisory lock keeps two instances from racing.
 */
export async function migrate(handle: DatabaseHandle, dir = MIGRATIONS_DIR): Promise<string[]> {
  await handle.execScript(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  if (handle.kind === 'postgres') await handle.query('SELECT pg_advisory_lock(727274)');
  try {
    const applied = new Set((await handle.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const files = readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
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
    if (handle.kind === 'postgres') await handle.query('SELECT pg_advisory_unlock(727274)');
  }
}
