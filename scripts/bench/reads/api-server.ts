/**
 * The real API for the read bench (decision 0960), in its own process: `buildApp`, as
 * `apps/api/src/server.ts` builds it, production settings, LOG_LEVEL=warn, on the volume
 * database (already migrated and seeded). On request over IPC it records the statements Drizzle
 * runs (the logger option) for one request: the bench counts them and the bare server replays them.
 * Background jobs are not started: the bench measures requests alone.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDatabase } from '@ouvrage/db';
import * as current from '../../../apps/api/src/app';
import * as currentConfig from '../../../apps/api/src/config';

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}
export type ApiMessage = { type: 'capture-start' } | { type: 'capture-stop' } | { type: 'cpu' };

let captured: CapturedQuery[] | null = null;
const handle = await createDatabase({
  url: process.env.DATABASE_URL!,
  logger: {
    logQuery(sql, params) {
      captured?.push({ sql, params });
    },
  },
});
// BENCH_API_SRC: another copy of apps/api/src (inside the repository, for its node_modules), to
// measure a baseline beside the current code in the same run (`--baseline`).
const other = process.env.BENCH_API_SRC ? resolve(process.env.BENCH_API_SRC) : undefined;
const { buildApp } = other ? ((await import(pathToFileURL(join(other, 'app.ts')).href)) as typeof current) : current;
const { loadConfig } = other ? ((await import(pathToFileURL(join(other, 'config.ts')).href)) as typeof currentConfig) : currentConfig;
const app = await buildApp({ config: loadConfig(process.env), handle });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send!({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
process.on('message', (message: ApiMessage) => {
  if (message.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send!({ type: 'cpu', micros: user + system });
  } else if (message.type === 'capture-start') {
    captured = [];
    process.send!({ type: 'capturing' });
  } else if (message.type === 'capture-stop') {
    process.send!({ type: 'captured', queries: captured ?? [] });
    captured = null;
  }
});
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => handle.close())
    .finally(() => process.exit(0));
});
