import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, createUser, TEST_PASSWORD } from '@ouvrage/db/testing';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { insertProject } from '../projects/factories';
import { giveCompany } from './factories';

/**
 * Two API instances on one database with REDIS_URL: a tender sent through instance A reaches a
 * bell stream held by instance B. Runs only when TEST_REDIS_URL names a Redis server.
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('live bell across instances (Redis pub/sub)', () => {
  const apps: FastifyInstance[] = [];
  let close: (() => Promise<void>) | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'ouvrage-redis-'));
  afterAll(async () => {
    for (const app of apps) await app.close();
    await close?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers an event published on one instance to a stream on the other', async () => {
    const handle = await createTestDatabase();
    close = handle.close;
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(40) },
      { redisUrl, dataDir, loginRateLimit: 10_000, webDist: undefined },
    );
    for (let i = 0; i < 2; i += 1) {
      const app = await buildApp({ config, handle, logger: false });
      await app.ready();
      apps.push(app);
    }
    const [a, b] = apps;
    const login = async (app: FastifyInstance, email: string) =>
      (await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: TEST_PASSWORD } })).json().data.token.token as string;
    const admin = await createUser(handle.db, { user_type: 'admin' });
    const pro = await createUser(handle.db, { user_type: 'professionnel' });
    await giveCompany(handle.db, pro.id, { zones: [{ departement: '69' }] });
    const client = await createUser(handle.db, { user_type: 'client' });
    const project = await insertProject(handle.db, client.id, { state: 'Validé' });

    const address = await b.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/notifications/stream`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${await login(b, pro.email)}` },
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    // A generous deadline: the event must arrive (nothing but Redis can carry it to B: the stream
    // has no polling), not arrive fast — speed is measured by `npm run bench`, not asserted here.
    const until = async (pattern: RegExp) => {
      const deadline = Date.now() + 30_000;
      while (!pattern.test(buffer) && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
      }
      return pattern.test(buffer);
    };
    expect(await until(/event: ready/)).toBe(true);
    const sent = await a.inject({
      method: 'POST',
      url: '/admin/account/create-offre',
      headers: { authorization: `Bearer ${await login(a, admin.email)}` },
      payload: { project_id: project.id, professional_ids: [pro.id] },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await until(/event: tenders\ndata: \{"type":"tenders","reason":"created"/)).toBe(true);
    controller.abort();
    await reader.cancel().catch(() => undefined);
  }, 180_000);
});
