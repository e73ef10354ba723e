import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServerTemplate, dropServerDatabase, dumpMigratedPglite, PGLITE_TEMPLATE_ENV, SERVER_TEMPLATE_ENV } from '@ouvrage/db/testing';

/**
 * Once per run, before the API test files: one migrated, seeded database that every file's own
 * database copies (decision 0860). Workers inherit the environment set here.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = await createServerTemplate(serverUrl);
    process.env[SERVER_TEMPLATE_ENV] = name;
    return async () => {
      delete process.env[SERVER_TEMPLATE_ENV];
      await dropServerDatabase(serverUrl, name);
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'ouvrage-template-'));
  const file = join(dir, 'pglite-template.tar');
  writeFileSync(file, await dumpMigratedPglite());
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return async () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}
