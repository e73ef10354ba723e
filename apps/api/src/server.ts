import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, migrate, seedDemo, seedReference } from '@ouvrage/db';
import { buildApp } from './app';
import { loadConfig } from './config';

/** Start the platform: database (PGlite under ./data or DATABASE_URL), migrations, seeds, HTTP. */
async function main() {
  const startedAt = performance.now();
  const repoRoot = resolve(fileURLToPath(import.meta.url), '../../../..');
  const config = loadConfig(process.env, {});
  config.webDist ??= join(repoRoot, 'apps/web/dist');

  const handle = await createDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : join(config.dataDir, 'pglite') });
  const applied = await migrate(handle);
  await seedReference(handle);
  const seeded = await seedDemo(handle, { production: config.production });

  const app = await buildApp({ config, handle });
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  if (seeded) app.log.info('demo data seeded (development only)');
  // Background jobs (mails, sweeps) run in every instance; tests kick the queue instead.
  app.deps.jobs.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await handle.close();
    process.exit(0);
  };
  // A background task (mail dispatch, sweep) that loses the database must not take the process
  // and every request in flight down with it: log it; the next run retries.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection in a background task'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: handle.kind, host: config.host, port: config.port, trust_proxy: config.trustProxy, ready_ms: Math.round(performance.now() - startedAt) },
    `Ouvrage est prêt sur ${config.publicUrl}`,
  );
}

main().catch((error) => {
  console.error('Démarrage impossible :', error);
  process.exit(1);
});
