import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDatabase, wrapPglite, type DatabaseHandle, type DatabaseOptions } from '../client';
import { migrate } from '../migrate';
import { seedReference } from '../seed';

/**
 * Set by the API tests' global setup (apps/api/test/global-setup.ts): a migrated, seeded database
 * made once per run, that each test file copies instead of migrating its own (decision 0860).
 * PGlite: the path of its data directory dumped as a tarball. Server: a template database's name.
 */
export const PGLITE_TEMPLATE_ENV = 'OUVRAGE_TEST_PGLITE_TEMPLATE';
export const SERVER_TEMPLATE_ENV = 'OUVRAGE_TEST_SERVER_TEMPLATE';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default,
 * or a new database on the server named by TEST_DATABASE_URL (dropped on close).
 */
export async function createTestDatabase(options: Pick<DatabaseOptions, 'logger'> = {}): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = process.env[PGLITE_TEMPLATE_ENV];
    if (template) {
      // Loading a dumped data directory skips initdb, the migrations and the seed: ~1 s instead of ~3.
      const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(template)]) });
      return wrapPglite(client, options.logger);
    }
    const handle = await createDatabase({ logger: options.logger });
    await migrate(handle);
    await seedReference(handle);
    return handle;
  }
  const name = `ouvrage_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const template = process.env[SERVER_TEMPLATE_ENV];
  await createServerDatabase(serverUrl, name, template);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ url: url.toString(), logger: options.logger });
  if (!template) {
    await migrate(handle);
    await seedReference(handle);
  }
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropServerDatabase(serverUrl, name);
    },
  };
}

/** A migrated, seeded PGlite data directory as a tarball, for `PGLITE_TEMPLATE_ENV`. */
export async function dumpMigratedPglite(): Promise<Uint8Array> {
  const client = await PGlite.create();
  const handle = wrapPglite(client);
  await migrate(handle);
  await seedReference(handle);
  const dump = await client.dumpDataDir('none');
  await client.close();
  return new Uint8Array(await dump.arrayBuffer());
}

/** Create a migrated, seeded database on the server to serve as `SERVER_TEMPLATE_ENV`. */
export async function createServerTemplate(serverUrl: string): Promise<string> {
  const name = `ouvrage_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await createServerDatabase(serverUrl, name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ url: url.toString() });
  await migrate(handle);
  await seedReference(handle);
  await handle.close();
  return name;
}

async function createServerDatabase(serverUrl: string, name: string, template?: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
        return;
      } catch (error) {
        // 55006: another session is copying the same template at this instant; try again shortly.
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
}

export async function dropServerDatabase(serverUrl: string, name: string): Promise<void> {
  const dropper = new pg.Client({ connectionString: serverUrl });
  await dropper.connect();
  await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await dropper.end();
}
