import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type DatabaseHandle, type DatabaseOptions } from '../client';
import { migrate } from '../migrate';
import { seedReference } from '../seed';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default,
 * or a new database on the server named by TEST_DATABASE_URL (dropped on close).
 */
export async function createTestDatabase(options: Pick<DatabaseOptions, 'logger'> = {}): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await createDatabase({ logger: options.logger });
    await migrate(handle);
    await seedReference(handle);
    return handle;
  }
  const name = `ouvrage_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ url: url.toString(), logger: options.logger });
  await migrate(handle);
  await seedReference(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
