import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { acrobatSignNotifications, jobs } from '@ouvrage/db';
import type { AppConfig } from '../../src/config';
import { startFakeAcrobatSign, type FakeAcrobatSign, type WebhookNotification } from '../fakes/acrobat-sign-server';
import { createSignatureDocument } from '../../src/modules/signature';
import { loginAs, useTestApp } from '../helpers';
import { quotePdf } from '../signature/fixtures';

let fake: FakeAcrobatSign;
let webhookUrl: string;
const overrides: Partial<AppConfig> = {};
beforeAll(async () => {
  fake = await startFakeAcrobatSign();
  overrides.esign = { provider: 'acrobat-sign', acrobatSign: fake.settings };
});
const ctx = useTestApp(overrides);
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api/webhooks/acrobat-sign`;
  fake.setWebhookUrl(webhookUrl);
});
afterAll(() => fake?.close());

const notification = (id: string, agreementId: string | null, event = 'AGREEMENT_WORKFLOW_COMPLETED'): WebhookNotification =>
  ({
    webhookId: 'CBJCHBCAABAAwebhook1',
    webhookName: 'Ouvrage',
    webhookNotificationId: id,
    webhookUrlInfo: { url: webhookUrl },
    webhookScope: 'ACCOUNT',
    event,
    eventDate: new Date().toISOString(),
    eventResourceType: 'agreement',
    ...(agreementId ? { agreement: { id: agreementId, name: 'x', status: 'SIGNED' } } : {}),
  }) as WebhookNotification;

const syncJobs = () => ctx.db.select().from(jobs).where(eq(jobs.kind, 'acrobat-sign.sync'));

describe('Acrobat Sign webhook', () => {
  it('passes the verification of intent by echoing our client id, in the header and the body', async () => {
    expect(await fake.verifyWebhook()).toEqual({ status: 200, echoed: true });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/webhooks/acrobat-sign', headers: { 'x-adobesign-clientid': fake.settings.webhookClientId } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-adobesign-clientid']).toBe(fake.settings.webhookClientId);
    expect(res.json()).toEqual({ xAdobeSignClientId: fake.settings.webhookClientId });
  });

  it('refuses another application’s client id, or none, without recording anything', async () => {
    for (const headers of [{ 'x-adobesign-clientid': 'UB7E5BXCXY' }, {}]) {
      const get = await ctx.app.inject({ method: 'GET', url: '/api/webhooks/acrobat-sign', headers });
      expect(get.statusCode).toBe(403);
      expect(get.headers['x-adobesign-clientid']).toBeUndefined();
      const post = await ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks/acrobat-sign',
        headers,
        payload: notification('n-refused', 'CBJCHBCAABAAforeign'),
      });
      expect(post.statusCode).toBe(403);
      expect(post.json().error.message).toContain('application Acrobat Sign de la plateforme');
    }
    expect(await fake.deliver(notification('n-refused', 'CBJCHBCAABAAforeign'), 'UB7E5BXCXY')).toEqual({ status: 403, echoed: false });
    expect(await ctx.db.select().from(acrobatSignNotifications).where(eq(acrobatSignNotifications.notificationId, 'n-refused'))).toEqual([]);
  });

  it('records a notification once: delivered again, it queues nothing more', async () => {
    const n = notification('3f2b7c1e-replayed', 'CBJCHBCAABAAunknown');
    expect(await fake.deliver(n)).toEqual({ status: 200, echoed: true });
    expect(await fake.deliver(n)).toEqual({ status: 200, echoed: true });
    expect(await ctx.db.select().from(acrobatSignNotifications).where(eq(acrobatSignNotifications.notificationId, n.webhookNotificationId))).toMatchObject([
      { agreementId: 'CBJCHBCAABAAunknown', event: 'AGREEMENT_WORKFLOW_COMPLETED' },
    ]);
    const queued = (await syncJobs()).filter((j) => j.payload.agreementId === 'CBJCHBCAABAAunknown');
    expect(queued).toHaveLength(1);
    // An agreement that is not one of ours: re-read nothing, complete nothing.
    await ctx.app.deps.jobs.kick();
    const [job] = await ctx.db.select().from(jobs).where(eq(jobs.id, queued[0].id));
    expect(job.status).toBe('done');
    expect(fake.requests.filter((r) => r.url.includes('CBJCHBCAABAAunknown'))).toEqual([]);
  });

  it('acknowledges notifications about something else than an agreement, and refuses unreadable ones', async () => {
    const before = (await syncJobs()).length;
    expect(await fake.deliver(notification('n-library', null, 'LIBRARY_DOCUMENT_CREATED'))).toEqual({ status: 200, echoed: true });
    expect(await syncJobs()).toHaveLength(before);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/acrobat-sign',
      headers: { 'x-adobesign-clientid': fake.settings.webhookClientId },
      payload: { event: 'AGREEMENT_CREATED' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('Acrobat Sign without an account', () => {
  it('answers 404 to the webhook, and 503 to sending a document meant for Acrobat Sign', async () => {
    const { buildApp } = await import('../../src/app');
    const { loadConfig } = await import('../../src/config');
    const config = loadConfig({ NODE_ENV: 'test' }, { dataDir: ctx.dataDir, jwtSecret: ctx.app.deps.config.jwtSecret });
    const app = await buildApp({ config, handle: ctx.handle, logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/webhooks/acrobat-sign', headers: { 'x-adobesign-clientid': fake.settings.webhookClientId } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Acrobat Sign n’est pas configuré sur cette plateforme.');

      // A document made while the account was configured, sent after it was removed.
      const architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
      const doc = await ctx.db.transaction(async (tx) =>
        createSignatureDocument(ctx.app.deps, tx, {
          kind: 'contract',
          ownerId: architect.id,
          title: 'Contrat',
          fileName: 'contrat.pdf',
          pdf: await quotePdf(1),
          provider: 'acrobat-sign',
          signers: [{ name: 'Marie Durand', email: 'marie.durand@exemple.fr' }],
        }),
      );
      const send = await app.inject({
        method: 'POST',
        url: `/api/sign-api/store-document-agreement/${doc.id}`,
        headers: { authorization: `Bearer ${architect.token}` },
      });
      expect(send.statusCode, send.body).toBe(503);
      expect(send.json().error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await app.close();
    }
  });
});
