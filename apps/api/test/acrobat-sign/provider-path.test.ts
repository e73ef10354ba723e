import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { jobs, quoteEvents, quotes, signatureDocuments, signatureEvents } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import type { AppConfig } from '../../src/config';
import { startFakeAcrobatSign, type FakeAcrobatSign } from '../fakes/acrobat-sign-server';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { acceptedQuote } from '../signature/code-factories';

let fake: FakeAcrobatSign;
const overrides: Partial<AppConfig> = {};
beforeAll(async () => {
  fake = await startFakeAcrobatSign();
  overrides.esign = { provider: 'acrobat-sign', acrobatSign: fake.settings };
});
const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp(overrides, { clock });
let architect: TestUser;
let client: TestUser;
let admin: TestUser;
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  fake.setWebhookUrl(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api/webhooks/acrobat-sign`);
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  client = await loginAs(ctx, { user_type: 'client' });
  admin = await loginAs(ctx, { user_type: 'admin' });
});
afterAll(() => fake?.close());

const KINDS = ['acrobat-sign.sync', 'acrobat-sign.complete', 'acrobat-sign.poll'];

/** Run the queue until no Acrobat Sign job is due (a pass may queue the next job). */
async function drain() {
  for (let i = 0; i < 10; i++) {
    await ctx.app.deps.jobs.kick();
    const due = (
      await ctx.db
        .select()
        .from(jobs)
        .where(and(inArray(jobs.kind, KINDS), inArray(jobs.status, ['pending', 'running'])))
    ).filter((j) => !j.runAt || j.runAt <= clock.now());
    if (due.length === 0) return;
  }
  throw new Error('jobs still due after 10 passes');
}

/** An accepted quote of `client` issued by `architect`. */
async function quoteToSign(): Promise<number> {
  const id = await acceptedQuote(ctx.db, client);
  await ctx.db.update(quotes).set({ issuerId: architect.id }).where(eq(quotes.id, id));
  return id;
}

async function sendQuote(quoteId: number): Promise<{ documentId: number; agreementId: string }> {
  const created = await as(ctx, architect, { method: 'POST', url: `/api/sign-api/create-document/${quoteId}` });
  expect(created.statusCode, created.body).toBe(200);
  const sent = await as(ctx, architect, { method: 'POST', url: `/api/sign-api/store-document-agreement/${created.json().data.id}` });
  expect(sent.statusCode, sent.body).toBe(200);
  return { documentId: sent.json().data.id, agreementId: sent.json().data.agreement_id };
}

const quoteStatus = async (quoteId: number) => (await ctx.db.select().from(quotes).where(eq(quotes.id, quoteId)))[0].status;
const eventsOf = async (documentId: number) =>
  (await ctx.db.select().from(signatureEvents).where(eq(signatureEvents.documentId, documentId))).map((e) => e.type);

describe('the Acrobat Sign provider, end to end against the fake (ESIGN_PROVIDER=acrobat-sign)', () => {
  it('creates the quote’s document, sends it, and completes it once from the webhook', async () => {
    const quoteId = await quoteToSign();
    const created = await as(ctx, architect, { method: 'POST', url: `/api/sign-api/create-document/${quoteId}` });
    expect(created.statusCode, created.body).toBe(200);
    const doc = created.json().data;
    expect(doc).toMatchObject({
      kind: 'quote',
      quote_id: quoteId,
      status: 'draft',
      provider: 'acrobat-sign',
      agreement_id: null,
      signers: [{ email: client.email.toLowerCase(), status: 'pending' }],
    });
    expect((await as(ctx, architect, { method: 'POST', url: `/api/sign-api/create-document/${quoteId}` })).json().data.id).toBe(doc.id);

    const drafts = await as(ctx, architect, { method: 'GET', url: '/api/sign-api/liste-document-sans-contrat' });
    expect(drafts.json().data.map((d: { id: number }) => d.id)).toContain(doc.id);
    const adminDrafts = await as(ctx, admin, { method: 'GET', url: '/api/sign-api/liste-document-sans-contrat' });
    expect(adminDrafts.json().data.map((d: { id: number }) => d.id)).toContain(doc.id);
    const colleague = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
    expect((await as(ctx, colleague, { method: 'GET', url: '/api/sign-api/liste-document-sans-contrat' })).json().data).toEqual([]);
    expect((await as(ctx, colleague, { method: 'GET', url: '/api/sign-api/status-document-devis' })).json().data).toEqual([]);
    expect((await as(ctx, colleague, { method: 'POST', url: `/api/sign-api/store-document-agreement/${doc.id}` })).statusCode).toBe(403);
    // The signer may read the document, not send it: the route is for its author and admins.
    expect((await as(ctx, client, { method: 'POST', url: `/api/sign-api/store-document-agreement/${doc.id}` })).statusCode).toBe(403);

    const sent = await as(ctx, architect, { method: 'POST', url: `/api/sign-api/store-document-agreement/${doc.id}` });
    expect(sent.statusCode, sent.body).toBe(200);
    const agreementId: string = sent.json().data.agreement_id;
    expect(sent.json().data).toMatchObject({ status: 'out_for_signature', agreement_id: expect.stringMatching(/^CBJCHBCAABAAagreement/) });
    const agreement = fake.agreements.get(agreementId)!;
    expect(agreement.signerEmails).toEqual([client.email.toLowerCase()]);
    const [row] = await ctx.db.select().from(signatureDocuments).where(eq(signatureDocuments.id, doc.id));
    expect(createHash('sha256').update(agreement.document).digest('hex')).toBe(row.originalSha256);
    const again = await as(ctx, architect, { method: 'POST', url: `/api/sign-api/store-document-agreement/${doc.id}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('SIGN_DOCUMENT_NOT_DRAFT');
    const afterSend = await as(ctx, architect, { method: 'GET', url: '/api/sign-api/liste-document-sans-contrat' });
    expect(afterSend.json().data.map((d: { id: number }) => d.id)).not.toContain(doc.id);

    const { notification, delivery } = await fake.signAgreement(agreementId);
    expect(delivery).toEqual({ status: 200, echoed: true });
    await drain();
    expect(await quoteStatus(quoteId)).toBe('Signé');

    // The signed PDF is the provider's, byte for byte, and its signers can download it.
    const pdf = await as(ctx, client, { method: 'GET', url: `/api/sign-api/document/${doc.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(agreement.signed!)).toBe(true);
    expect(pdf.headers['content-disposition']).toContain('-signe.pdf');
    const outsider = await loginAs(ctx, { user_type: 'client' });
    expect((await as(ctx, outsider, { method: 'GET', url: `/api/sign-api/document/${doc.id}/pdf` })).statusCode).toBe(403);

    expect(await eventsOf(doc.id)).toEqual(expect.arrayContaining(['created', 'sent', 'completed', 'provider_sent', 'provider_signed']));
    const providerSigned = (
      await ctx.db
        .select()
        .from(signatureEvents)
        .where(and(eq(signatureEvents.documentId, doc.id), eq(signatureEvents.type, 'provider_signed')))
    )[0];
    expect(providerSigned).toMatchObject({
      ip: '198.51.100.23',
      detail: { provider: 'acrobat-sign', agreement_id: agreementId, provider_event: 'ESIGNED', participant_email: client.email.toLowerCase() },
    });

    // Acrobat Sign delivers the same notification again: nothing changes.
    expect(await fake.deliver(notification)).toEqual({ status: 200, echoed: true });
    await drain();
    expect((await eventsOf(doc.id)).filter((t) => t === 'completed')).toHaveLength(1);
    expect((await eventsOf(doc.id)).filter((t) => t === 'provider_signed')).toHaveLength(1);
    expect(
      await ctx.db
        .select()
        .from(quoteEvents)
        .where(and(eq(quoteEvents.quoteId, quoteId), eq(quoteEvents.action, 'signed'))),
    ).toHaveLength(1);
    expect((await ctx.db.select().from(jobs).where(eq(jobs.kind, 'acrobat-sign.complete'))).filter((j) => j.payload.agreementId === agreementId)).toHaveLength(
      1,
    );

    const adminStatuses = await as(ctx, admin, { method: 'GET', url: '/api/sign-api/status-document-devis' });
    expect(adminStatuses.json().data.map((s: { quote_id: number }) => s.quote_id)).toContain(quoteId);
    const statuses = await as(ctx, client, { method: 'GET', url: '/api/sign-api/status-document-devis' });
    expect(statuses.statusCode).toBe(200);
    expect(statuses.json().data.find((s: { quote_id: number }) => s.quote_id === quoteId)).toMatchObject({
      document_id: doc.id,
      document_status: 'signed',
      provider: 'acrobat-sign',
      signed_at: expect.any(String),
    });
  });

  it('completes a signature whose notification was lost through the poll, re-running the completion after an outage', async () => {
    const quoteId = await quoteToSign();
    const { documentId, agreementId } = await sendQuote(quoteId);
    await ctx.app.deps.jobs.scheduleRecurring();
    const { delivery } = await fake.signAgreement(agreementId, { lost: true });
    expect(delivery).toBeNull();
    await drain();
    expect(await quoteStatus(quoteId)).toBe('Accepté');

    // The download fails once: the completion job is retried later, and completes then.
    fake.failNextDownloads(1);
    clock.advance(10 * 60_000);
    await drain();
    const [complete] = (await ctx.db.select().from(jobs).where(eq(jobs.kind, 'acrobat-sign.complete'))).filter((j) => j.payload.agreementId === agreementId);
    expect(complete).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('HTTP 503') });
    expect(await quoteStatus(quoteId)).toBe('Accepté');
    clock.advance(11_000);
    await drain();
    expect(await quoteStatus(quoteId)).toBe('Signé');
    expect((await eventsOf(documentId)).filter((t) => t === 'completed')).toHaveLength(1);

    // Later polls find nothing left out for signature.
    const before = fake.requests.length;
    await ctx.app.deps.jobs.scheduleRecurring();
    clock.advance(10 * 60_000);
    await drain();
    expect(fake.requests.slice(before).filter((r) => r.url.includes(agreementId))).toEqual([]);
  });

  it('re-reads documents still out for signature when their status is asked', async () => {
    const quoteId = await quoteToSign();
    const { agreementId } = await sendQuote(quoteId);
    await fake.signAgreement(agreementId, { lost: true });
    const res = await as(ctx, architect, { method: 'GET', url: '/api/sign-api/status-document-devis' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.find((s: { quote_id: number }) => s.quote_id === quoteId)).toMatchObject({ document_status: 'signed' });
    expect(await quoteStatus(quoteId)).toBe('Signé');
  });

  it('answers 503 and sends nothing when Acrobat Sign cannot be reached (last: it stops the fake)', async () => {
    const quoteId = await quoteToSign();
    const created = await as(ctx, architect, { method: 'POST', url: `/api/sign-api/create-document/${quoteId}` });
    await fake.close();
    const res = await as(ctx, architect, { method: 'POST', url: `/api/sign-api/store-document-agreement/${created.json().data.id}` });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toContain('Le document n’a pas été envoyé');
    const [row] = await ctx.db.select().from(signatureDocuments).where(eq(signatureDocuments.id, created.json().data.id));
    expect(row).toMatchObject({ status: 'draft', agreementId: null });
  });
});
