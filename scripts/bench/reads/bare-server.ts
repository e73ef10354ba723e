/**
 * The ceiling of the read bench (decision 0960): a bare Fastify + pg server, no hooks, no
 * validation, no logging, that answers each benched URL by running the statements the API ran for
 * it (recorded once through the Drizzle logger, the session lookup left out), in parallel on a
 * pool the size of the API's, and sending the rows as JSON.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import type { CapturedQuery } from './api-server';

const routes = new Map<string, CapturedQuery[]>(Object.entries(JSON.parse(readFileSync(process.env.BARE_ROUTES!, 'utf8')) as Record<string, CapturedQuery[]>));
// The same session settings as the API's pool (packages/db/src/client.ts).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.BARE_POOL_MAX ?? 10), options: '-c jit=off' });
const app = Fastify({ logger: false });
app.get('/*', async (request, reply) => {
  const queries = routes.get(request.url);
  if (!queries) return reply.code(404).send({ success: false });
  const results = await Promise.all(queries.map((q) => pool.query(q.sql, q.params)));
  return { success: true, data: results.map((r) => r.rows) };
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send!({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
process.on('message', (message: { type: string }) => {
  if (message.type !== 'cpu') return;
  const { user, system } = process.cpuUsage();
  process.send!({ type: 'cpu', micros: user + system });
});
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .finally(() => process.exit(0));
});
