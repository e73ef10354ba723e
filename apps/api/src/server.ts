import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, migrate, seedDemo, seedReference } from '@ouvrage/db';
import { buildApp } from './app';
import { loadConfig, type AppConfig } from './config';
import type { FakePa } from './adapters/e-invoicing';
import { startDemoPa } from './demo-pa';
import { establishDemoDgd } from './modules/dgd';
import { refreshPriceReferences } from './modules/price-references';

/** Start the platform: database (PGlite under ./data or DATABASE_URL), migrations, seeds, HTTP. */
async function main() {
  const startedAt = performance.now();
  // src/server.ts or, compiled, dist/server.js: both four levels below the repository's root.
  const repoRoot = resolve(fileURLToPath(import.meta.url), '../../../..');
  let config: AppConfig;
  try {
    config = loadConfig(process.env, {});
  } catch (error) {
    // A missing secret or a bad setting: one clear line, no stack trace.
    console.error(`Démarrage impossible : ${(error as Error).message}`);
    process.exit(1);
  }
  config.webDist ??= join(repoRoot, 'apps/web/dist');

  // Each phase's duration goes in the "ready" line: where a slow start spends its time.
  const phases: Record<string, number> = {};
  const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    try {
      return await work();
    } finally {
      phases[`${name}_ms`] = Math.round(performance.now() - t);
    }
  };
  phases.boot_ms = Math.round(performance.now());
  const handle = await timed('database', () =>
    createDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : join(config.dataDir, 'pglite') }),
  );
  const applied = await timed('migrations', () => migrate(handle));
  await timed('reference', () => seedReference(handle));
  const seeded = await timed('demo', () => seedDemo(handle, { production: config.production }));

  const app = await timed('app', () => buildApp({ config, handle }));
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  if (seeded) {
    // The demo's final account needs the API's own code (its PDF rendered and stored): established once, after the seed.
    const dgd = await timed('demo_dgd', () => establishDemoDgd(app.deps));
    // The demo's price references: the seeded quotes collected and the figures computed, as the daily job would.
    const references = await timed('demo_price_references', () => refreshPriceReferences(app.deps));
    app.log.info({ demo_dgd: dgd, demo_price_references: references }, 'demo data seeded (development only)');
  }
  // Background jobs (mails, sweeps) run in every instance; tests kick the queue instead.
  app.deps.jobs.start();

  // Graceful shutdown (decision 0855): stop accepting connections, end the live streams (browsers
  // reconnect elsewhere), let the requests in flight and the running jobs finish, then close the
  // database. Past SHUTDOWN_TIMEOUT_SECONDS the remaining connections are cut.
  let closing = false;
  const dev: { fakePa?: FakePa } = {};
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, jobs_running: app.deps.jobs.running }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error({ timeout_ms: config.shutdownTimeoutMs }, 'shutdown timed out: closing the remaining connections');
      app.server.closeAllConnections();
      setTimeout(() => process.exit(1), 1000).unref();
    }, config.shutdownTimeoutMs);
    deadline.unref();
    // Connections that fall idle while stopping (a keep-alive after its last answer) are closed at once.
    const idle = setInterval(() => app.server.closeIdleConnections(), 250);
    idle.unref();
    try {
      await app.close();
      await dev.fakePa?.close();
      await handle.close();
      app.log.info({ signal }, 'stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // A background task (mail dispatch, sweep) that loses the database must not take the process
  // and every request in flight down with it: log it; the next run retries.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection in a background task'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await timed('listen', () => app.listen({ port: config.port, host: config.host }));
  // Development: the fake plateforme agréée, once the webhook it pushes to is listening.
  dev.fakePa = config.fakePa ? await timed('fake_pa', () => startDemoPa(app, config.fakePa!.port)) : undefined;
  app.log.info(
    {
      database: handle.kind,
      host: config.host,
      port: config.port,
      trust_proxy: config.trustProxy,
      ready_ms: Math.round(performance.now() - startedAt),
      ...phases,
    },
    `Ouvrage est prêt sur ${config.publicUrl}`,
  );
}

main().catch((error) => {
  console.error('Démarrage impossible :', error);
  process.exit(1);
});
