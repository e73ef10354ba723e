import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '@ouvrage/db';
import { createUser, TEST_PASSWORD } from '@ouvrage/db/testing';
import { createPlatformP12 } from '../../src/modules/signature/seal-identity';
import { startLocalS3, type LocalS3 } from '../fakes/s3-server';
import { projectWithAcceptedPro } from '../conversations/factories';
import {
  buildApi,
  clusterRedisUrl,
  clusterSkipReason,
  createRunDatabase,
  freePort,
  nginxCaller,
  openEventStream,
  REPO_ROOT,
  startInstance,
  startNginx,
  tail,
  type EventStream,
  type Instance,
} from './cluster';

/**
 * Conversations on two API instances behind nginx (issue 39, decision 1230 « Proven on two
 * instances »): the compiled build in production mode, on one PostgreSQL database, one Redis and
 * one S3-compatible bucket. The client's page listens on instance A, the professional's on B; a
 * message written through A reaches B's stream live with B's unread count, B's read mark comes back
 * to A's stream and A's read receipt, and a photo stored through one instance is served by the
 * other. Which instance served is read from nginx's `X-Upstream` header (the upstream's address)
 * on every answer; `X-Instance: a|b` pins a request (cluster.ts). One cluster start for the file.
 * Needs TEST_DATABASE_URL, TEST_REDIS_URL and nginx, like two-instances.test.ts.
 */
const { serverUrl, redisBase, skipWhy } = clusterSkipReason('Conversations sur deux instances derrière nginx');
// Debian's Chromium, as the end-to-end tests find it (apps/web/playwright.config.ts): without it the
// browser part is skipped and the web app not built.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const withBrowser = existsSync(CHROMIUM);
if (!skipWhy && !withBrowser) console.warn(`Conversations sur deux instances : partie Chromium ignorée (${CHROMIUM} est absent).`);

/** `npm run build -w @ouvrage/web` into `outDir`, in the background (its output in a file: the API build blocks the loop meanwhile). */
function buildWeb(outDir: string, logFile: string): Promise<void> {
  const out = openSync(logFile, 'a');
  const child = spawn('npm', ['run', 'build', '-w', '@ouvrage/web', '--', '--outDir', outDir, '--emptyOutDir'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', out, out],
  });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => {
      closeSync(out);
      if (code === 0) resolve();
      else reject(new Error(`La construction de l’application web a échoué :\n${tail(logFile)}`));
    }),
  );
}

type Json = Record<string, any>;

describe.skipIf(Boolean(skipWhy))('conversations on two API instances behind nginx (PostgreSQL, Redis, S3)', () => {
  const dir = join(REPO_ROOT, '.tmp', `scale-out-conversations-${process.pid}-${randomBytes(3).toString('hex')}`);
  let database: Awaited<ReturnType<typeof createRunDatabase>>;
  let handle: DatabaseHandle;
  let s3: LocalS3;
  let nginx: { url: string; stop: () => Promise<void> };
  let ports: { a: number; b: number; lb: number };
  const instances: Instance[] = [];
  const streams: EventStream[] = [];

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    // The web app the browser part loads, served by both instances: built beside the API's bundle.
    const web = withBrowser ? buildWeb(join(dir, 'web'), join(dir, 'web-build.log')) : Promise.resolve();
    const bundle = buildApi(join(dir, 'dist'));
    await web;
    database = await createRunDatabase(serverUrl!, 'ouvrage_conv');
    // Redis database 10 (two-instances.test.ts has 9): its live channel and login counters stay its own.
    const redisUrl = clusterRedisUrl(redisBase!, 10);
    s3 = await startLocalS3('ouvrage-conversations');
    writeFileSync(join(dir, 'seal.p12'), createPlatformP12('sésame', 2048));
    ports = { a: await freePort(), b: await freePort(), lb: await freePort() };
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: `http://127.0.0.1:${ports.lb}`,
      SEAL_P12_PATH: join(dir, 'seal.p12'),
      SEAL_P12_PASSWORD: 'sésame',
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_PREFIX: 'conversations',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(dir, withBrowser ? 'web' : 'no-web'),
    };
    // One starts first and migrates; the other finds nothing left to do (two-instances.test.ts
    // proves the start together): fewer CPU seconds at once on a shared machine.
    instances.push(await startInstance({ name: 'a', bundle, port: ports.a, env, dir }));
    instances.push(await startInstance({ name: 'b', bundle, port: ports.b, env, dir }));
    nginx = await startNginx({ dir, port: ports.lb, upstreams: { a: ports.a, b: ports.b } });
    handle = await createDatabase({ url: database.url });
    // Redis publishes on one channel whatever the database number (pub/sub ignores it), and every
    // run's database numbers its rows from 1: ids of their own keep another run's events (the other
    // scale-out test, a colleague's run) from reading as this run's.
    const offset = 1_000_000 + (randomBytes(4).readUInt32BE() % 1_000_000_000);
    for (const table of ['users', 'conversations', 'messages']) await handle.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), ${offset})`);
  }, 300_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await nginx?.stop();
    for (const instance of instances) {
      if (instance.process.exitCode === null && instance.process.signalCode === null) {
        instance.process.kill('SIGKILL');
        await instance.exited;
      }
    }
    await handle?.close();
    await s3?.close();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const call = nginxCaller(() => nginx.url);

  /** Which instance nginx sent a request to, from its `X-Upstream` header (127.0.0.1:port). */
  const instanceOf = (upstream: string | null) => (upstream?.endsWith(`:${ports.a}`) ? 'a' : upstream?.endsWith(`:${ports.b}`) ? 'b' : `? (${upstream})`);

  async function login(email: string) {
    const res = await call('/api/login', { body: { email, password: TEST_PASSWORD } });
    expect(res.status, res.text).toBe(200);
    return res.json.data.token.token as string;
  }

  /** The `conversation` events a stream received so far, parsed. */
  const conversationEvents = (stream: EventStream) =>
    [...stream.text().matchAll(/event: conversation\ndata: (.*)\n/g)].map((m) => JSON.parse(m[1]) as { conversation_id: number; unread: number });
  /** Wait for a `conversation` event of this conversation with this unread count. */
  const eventWith = (conversationId: number, unread: number) =>
    new RegExp(`event: conversation\\ndata: \\{"type":"conversation","conversation_id":${conversationId},"unread":${unread}\\}`);

  let client: { id: number; token: string };
  let pro: { id: number; token: string };
  let conversationId: number;
  let clientStream: EventStream;
  let proStream: EventStream;
  let firstMessageId: number;

  it('opens the client’s page on A and the professional’s on B, and the conversation through the balancer', async () => {
    const clientUser = await createUser(handle.db, { user_type: 'client', firstname: 'Claire', lastname: 'Morel' });
    const proUser = await createUser(handle.db, { user_type: 'architecte', is_validate: 'Validé', firstname: 'Paul', lastname: 'Girard' });
    client = { id: clientUser.id, token: await login(clientUser.email) };
    pro = { id: proUser.id, token: await login(proUser.email) };
    const projectId = await projectWithAcceptedPro(handle.db, client.id, pro.id);

    // The pages' live streams, pinned: the client's on A, the professional's on B (nginx says which answered).
    clientStream = await openEventStream(`${nginx.url}/api/notifications/stream`, { authorization: `Bearer ${client.token}`, 'x-instance': 'a' });
    proStream = await openEventStream(`${nginx.url}/api/notifications/stream`, { authorization: `Bearer ${pro.token}`, 'x-instance': 'b' });
    streams.push(clientStream, proStream);
    expect([clientStream.status, proStream.status]).toEqual([200, 200]);
    expect(instanceOf(clientStream.upstream)).toBe('a');
    expect(instanceOf(proStream.upstream)).toBe('b');
    expect(await clientStream.until(/event: ready/)).toBe(true);
    expect(await proStream.until(/event: ready/)).toBe(true);

    const opened = await call(`/api/projet/${projectId}/conversations`, { body: { with_user_id: pro.id }, token: client.token });
    expect(opened.status, opened.text).toBe(200);
    conversationId = opened.json.data.id;
    // The professional opening it on the other instance finds the same one.
    const again = await call(`/api/projet/${projectId}/conversations`, { body: { with_user_id: client.id }, token: pro.token, on: 'b' });
    expect(again.json.data.id).toBe(conversationId);
  });

  it('carries a message written through A to the professional’s stream on B, with B’s unread count', async () => {
    const sent = await call(`/api/conversations/${conversationId}/messages`, {
      body: { body: 'Bonjour, le métré jeudi à 8 h 30 ?' },
      token: client.token,
      on: 'a',
    });
    expect(sent.status, sent.text).toBe(201);
    expect(instanceOf(sent.upstream)).toBe('a');
    firstMessageId = sent.json.data.id;
    // Published by A after its commit, fanned out through Redis, written by B on the professional's stream.
    expect(await proStream.until(eventWith(conversationId, 1))).toBe(true);
    // The author's own page (on A) hears of it too, nothing unread for her.
    expect(await clientStream.until(eventWith(conversationId, 0))).toBe(true);
    // What B's stream announced, B's reads agree with: the badge and the thread.
    const badge = await call('/api/conversations/non-lus', { token: pro.token, on: 'b' });
    expect(instanceOf(badge.upstream)).toBe('b');
    expect(badge.json.data.unread).toBe(1);
    const page = await call(`/api/conversations/${conversationId}/messages`, { token: pro.token, on: 'b' });
    expect(page.json.data.items.map((m: Json) => m.body)).toEqual(['Bonjour, le métré jeudi à 8 h 30 ?']);
  });

  it('counts every message written round robin through nginx on B’s stream, whichever instance took it', async () => {
    const upstreams = new Set<string>();
    for (let i = 2; i <= 5; i += 1) {
      const sent = await call(`/api/conversations/${conversationId}/messages`, { body: { body: `Précision ${i}` }, token: client.token });
      expect(sent.status, sent.text).toBe(201);
      upstreams.add(instanceOf(sent.upstream));
      expect(await proStream.until(eventWith(conversationId, i))).toBe(true);
    }
    // Round robin: both instances took some of the messages; every event reached the stream on B.
    expect([...upstreams].sort()).toEqual(['a', 'b']);
    expect(conversationEvents(proStream).map((e) => e.unread)).toEqual([1, 2, 3, 4, 5]);
  });

  it('sends the professional’s read mark, taken by B, back to the client’s stream and read receipt on A', async () => {
    const latest = await call(`/api/conversations/${conversationId}/messages`, { token: pro.token, on: 'b' });
    const lastId = latest.json.data.items.at(-1).id as number;
    const before = conversationEvents(clientStream).length;
    const read = await call(`/api/conversations/${conversationId}/lu`, { body: { message_id: lastId }, token: pro.token, on: 'b' });
    expect(read.status, read.text).toBe(200);
    expect(instanceOf(read.upstream)).toBe('b');
    expect(read.json.data).toEqual({ last_read_message_id: lastId, unread: 0 });
    // B publishes to both members: the professional's badge on B falls to 0, the client's page on A is told.
    expect(await proStream.until(new RegExp(`${eventWith(conversationId, 5).source}[\\s\\S]*${eventWith(conversationId, 0).source}`))).toBe(true);
    await expect.poll(() => conversationEvents(clientStream).length, { timeout: 10_000, interval: 50 }).toBeGreaterThan(before);
    expect(conversationEvents(clientStream).at(-1)).toEqual({ type: 'conversation', conversation_id: conversationId, unread: 0 });
    // The page on A, told, reads the conversation again there: « Lu par … » under her latest message.
    const view = await call(`/api/conversations/${conversationId}`, { token: client.token, on: 'a' });
    expect(instanceOf(view.upstream)).toBe('a');
    const proMember = view.json.data.members.find((m: Json) => m.id === pro.id);
    expect(proMember.last_read_message_id).toBe(lastId);
    expect(proMember.last_read_message_id).toBeGreaterThan(firstMessageId);
  });

  it('serves on A a photo the professional sent through B (S3), stripped of its metadata, and its thumbnail', async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#a0522d' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Téléphone', Model: 'Chantier 3000' } })
      .toBuffer();
    const boundary = `----ouvrage-${randomBytes(6).toString('hex')}`;
    const raw = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\nLa façade ce matin.\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="facade.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const unreadBefore = conversationEvents(clientStream).length;
    const sent = await call(`/api/conversations/${conversationId}/messages`, {
      token: pro.token,
      on: 'b',
      raw,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(sent.status, sent.text).toBe(201);
    expect(instanceOf(sent.upstream)).toBe('b');
    const [attachment] = sent.json.data.attachments as Json[];
    expect(attachment).toMatchObject({ name: 'facade.jpg', content_type: 'image/jpeg', width: 640, height: 480, is_image: true });
    // The client's page on A hears of the photo message: one unread.
    expect(await clientStream.until(eventWith(conversationId, 1))).toBe(true);
    expect(conversationEvents(clientStream).length).toBeGreaterThan(unreadBefore);

    const image = await call(`/api/conversations/pieces-jointes/${attachment.id}`, { token: client.token, on: 'a' });
    expect(image.status).toBe(200);
    expect(instanceOf(image.upstream)).toBe('a');
    expect(image.headers.get('content-type')).toMatch(/^image\/jpeg/);
    const served = await sharp(image.bytes).metadata();
    expect([served.width, served.height, served.exif]).toEqual([640, 480, undefined]);
    const thumbnail = await call(`/api/conversations/pieces-jointes/${attachment.id}?taille=vignette`, { token: client.token, on: 'a' });
    expect(thumbnail.status).toBe(200);
    expect((await sharp(thumbnail.bytes).metadata()).width).toBe(320);
    // Stored in the bucket, not on either instance's disk.
    for (const name of ['a', 'b']) {
      const files = join(dir, `data-${name}`, 'files');
      expect(existsSync(files) ? readdirSync(files, { recursive: true }) : []).toEqual([]);
    }
  });

  it.skipIf(!withBrowser)(
    'moves the badge and the read receipt live in Chromium, the client’s page on A and the professional’s on B',
    async () => {
      const { chromium } = await import('@playwright/test');
      const clientUser = await createUser(handle.db, { user_type: 'client', firstname: 'Inès', lastname: 'Fontaine' });
      const proUser = await createUser(handle.db, { user_type: 'architecte', is_validate: 'Validé', firstname: 'Hugo', lastname: 'Lambert' });
      const projectId = await projectWithAcceptedPro(handle.db, clientUser.id, proUser.id);
      const opened = await call(`/api/projet/${projectId}/conversations`, { body: { with_user_id: proUser.id }, token: await login(clientUser.email) });
      expect(opened.status, opened.text).toBe(200);
      const id = opened.json.data.id as number;

      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
      try {
        /**
         * A page whose every request goes through nginx pinned to one instance (`X-Instance` on each
         * request, the live stream's included); `served` collects which instance answered each one.
         */
        const pageOn = async (instance: 'a' | 'b') => {
          const context = await browser.newContext({ baseURL: nginx.url, locale: 'fr-FR', extraHTTPHeaders: { 'x-instance': instance } });
          const page = await context.newPage();
          const served = new Set<string>();
          const streams: string[] = [];
          page.on('response', (response) => {
            served.add(instanceOf(response.headers()['x-upstream'] ?? null));
            if (response.url().includes('/api/notifications/stream')) streams.push(instanceOf(response.headers()['x-upstream'] ?? null));
          });
          return { page, served, streams };
        };
        const logIn = async (page: import('@playwright/test').Page, email: string) => {
          await page.goto('/login');
          await page.locator('input[name="email"]').fill(email);
          await page.locator('input[name="password"]').fill(TEST_PASSWORD);
          await page.getByRole('button', { name: 'Se connecter' }).click();
          await page.waitForURL(/\/dashboard$/, { timeout: 60_000 });
          await page.getByTestId('user-menu').waitFor({ timeout: 60_000 });
        };
        const wait = { timeout: 60_000, interval: 100 };
        const clientSide = await pageOn('a');
        const proSide = await pageOn('b');
        await logIn(clientSide.page, clientUser.email);
        await logIn(proSide.page, proUser.email);
        const badge = proSide.page.getByTestId('messages-unread');
        await proSide.page.getByTestId('messages-button').waitFor({ timeout: 60_000 });
        expect(await badge.count()).toBe(0);
        // Both pages listen on their instance.
        await expect.poll(() => proSide.streams, wait).toContain('b');

        // The client writes from her page on A…
        await clientSide.page.goto(`/messages/${id}`);
        await expect.poll(() => clientSide.streams, wait).toContain('a');
        await clientSide.page.getByTestId('message-input').fill('Bonjour, pouvez-vous passer jeudi ?');
        await clientSide.page.getByTestId('message-input').press('Enter');
        const mine = clientSide.page.getByTestId('message').filter({ hasText: 'pouvez-vous passer jeudi' });
        await mine.waitFor({ timeout: 60_000 });
        expect(await mine.getAttribute('data-mine')).toBe('true');
        // …the professional's badge on B moves without a reload…
        await expect.poll(() => badge.count().then((n) => (n ? badge.textContent() : '')), wait).toBe('1');
        // …he opens the thread from the envelope (his page reads it, on B): the client's page on A shows « Lu par » live.
        await proSide.page.getByTestId('messages-button').click();
        await proSide.page.getByTestId('conversation-row').first().getByTestId('conversation-open').click();
        await proSide.page.getByTestId('message').filter({ hasText: 'pouvez-vous passer jeudi' }).waitFor({ timeout: 60_000 });
        await expect.poll(() => badge.count(), wait).toBe(0);
        await expect.poll(() => mine.getByTestId('message-read-by').count(), wait).toBe(1);
        expect(await mine.getByTestId('message-read-by').textContent()).toContain('Lu par');
        // Every answer each page had (files, API, live stream) came from its own instance.
        expect([...clientSide.served]).toEqual(['a']);
        expect([...proSide.served]).toEqual(['b']);
      } finally {
        await browser.close();
      }
    },
    300_000,
  );
});
