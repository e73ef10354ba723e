/**
 * Platform foundation (issue 2): how long the API takes to start on a fresh embedded database
 * (migrations + reference seed + app build), and the latency of login, token refresh and an
 * authorised read through the full HTTP stack (inject), with the process memory after the run.
 *   npm run bench -- foundation
 */
import { performance } from 'node:perf_hooks';
import { createDatabase, migrate, seedDemo, seedReference, DEMO_PASSWORD } from '@ouvrage/db';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { percentile } from './lib/stats';

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await fn();
  return [performance.now() - start, result];
}

async function main() {
  const [dbMs, handle] = await time(async () => {
    const h = await createDatabase({});
    await migrate(h);
    await seedReference(h);
    await seedDemo(h, { production: false });
    return h;
  });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { loginRateLimit: 1_000_000, webDist: undefined });
  const [appMs, app] = await time(async () => {
    const a = await buildApp({ config, handle, logger: false });
    await a.ready();
    return a;
  });

  const login = () => app.inject({ method: 'POST', url: '/api/login', payload: { email: 'admin@ouvrage.test', password: DEMO_PASSWORD } });
  const first = await login();
  const token = first.json().data.token.token as string;
  let cookie = first.cookies.find((c) => c.name === 'refresh_token')!.value;

  const samples = { login: [] as number[], refresh: [] as number[], me: [] as number[], tenders: [] as number[] };
  for (let i = 0; i < 30; i++) samples.login.push((await time(login))[0]);
  for (let i = 0; i < 200; i++) {
    const [ms, res] = await time(() => app.inject({ method: 'POST', url: '/api/refresh', cookies: { refresh_token: cookie } }));
    cookie = res.cookies.find((c) => c.name === 'refresh_token')!.value;
    samples.refresh.push(ms);
  }
  const auth = { authorization: `Bearer ${token}` };
  for (let i = 0; i < 500; i++) samples.me.push((await time(() => app.inject({ method: 'GET', url: '/api/me', headers: auth })))[0]);
  for (let i = 0; i < 200; i++) samples.tenders.push((await time(() => app.inject({ method: 'GET', url: '/api/admin/liste-offres', headers: auth })))[0]);

  console.log(`fresh embedded database (migrations + seeds): ${dbMs.toFixed(0)} ms; app build: ${appMs.toFixed(0)} ms`);
  for (const [name, values] of Object.entries(samples)) {
    console.log(`${name.padEnd(8)} median ${percentile(values, 50).toFixed(2)} ms, p95 ${percentile(values, 95).toFixed(2)} ms (${values.length} requests)`);
  }
  const mem = process.memoryUsage();
  console.log(`memory: rss ${(mem.rss / 1048576).toFixed(0)} MiB, heap used ${(mem.heapUsed / 1048576).toFixed(0)} MiB`);
  await app.close();
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
