import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { quotes, signatureDocuments, signatureEvents } from '@ouvrage/db';
import type { AppConfig } from '../../src/config';
import { startFakeAcrobatSign, type FakeAcrobatSign } from '../fakes/acrobat-sign-server';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { acceptedQuote } from '../signature/code-factories';

/**
 * One agreement per document at Acrobat Sign (decision 0970): a send asked several times at once
 * made one agreement per request, each mailing the client; and a send interrupted between
 * Acrobat Sign's answer and our commit left an agreement out for signature that nobody knew.
 */
let fake: FakeAcrobatSign;
const overrides: Partial<AppConfig> = {};
beforeAll(async () => {
  fake = await startFakeAcrobatSign();
  overrides.esign = { provider: 'acrobat-sign', acrobatSign: fake.settings };
});
const ctx = useTestApp(overrides);
let architect: TestUser;
let client: TestUser;
beforeAll(async () => {
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  client = await loginAs(ctx, { user_type: 'client' });
});
afterAll(() => fake?.close());

async function draftDocument(): Promise<number> {
  const quoteId = await acceptedQuote(ctx.db, client);
  await ctx.db.update(quotes).set({ issuerId: architect.id }).where(eq(quotes.id, quoteId));
  const created = await as(ctx, architect, { method: 'POST', url: `/api/sign-api/create-document/${quoteId}` });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().data.id;
}
const send = (id: number) => as(ctx, architect, { method: 'POST', url: `/api/sign-api/store-document-agreement/${id}` });
const documentRow = async (id: number) => (await ctx.db.select().from(signatureDocuments).where(eq(signatureDocuments.id, id)))[0];

describe('sending a quote to Acrobat Sign', () => {
  it('sends one agreement when the send is asked several times at once (a double click, a retried request)', async () => {
    const id = await draftDocument();
    const before = fake.agreements.size;
    const answers = await Promise.all(Array.from({ length: 4 }, () => send(id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const row = await documentRow(id);
    expect(fake.agreements.size - before).toBe(1);
    expect(fake.agreements.get(row.agreementId!)?.status).toBe('OUT_FOR_SIGNATURE');
    expect((await ctx.db.select().from(signatureEvents).where(eq(signatureEvents.documentId, id))).filter((e) => e.type === 'sent')).toHaveLength(1);
  });

  it('creates the agreement unsent, stores its id, then sends it: an interrupted send resumes with the same agreement', async () => {
    // Acrobat Sign fails between the two steps: 503, the document stays a draft, the agreement unsent.
    const id = await draftDocument();
    const before = fake.agreements.size;
    fake.failNextStateChanges(1);
    const failed = await send(id);
    expect(failed.statusCode).toBe(503);
    const draft = await documentRow(id);
    expect(draft).toMatchObject({ status: 'draft', agreementId: expect.stringMatching(/^CBJCHBCAABAAagreement/) });
    expect(fake.agreements.get(draft.agreementId!)).toMatchObject({ status: 'AUTHORING' });
    expect(fake.agreements.get(draft.agreementId!)!.events.map((e) => e.type)).toEqual(['CREATED']);
    const again = await send(id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'out_for_signature', agreement_id: draft.agreementId });
    expect(fake.agreements.get(draft.agreementId!)!.status).toBe('OUT_FOR_SIGNATURE');
    expect(fake.agreements.size - before).toBe(1);

    // The process died after Acrobat Sign started the agreement, before our commit: the next send
    // finds it started, does not start it twice, and records it.
    const other = await draftDocument();
    fake.failNextStateChanges(1);
    expect((await send(other)).statusCode).toBe(503);
    const started = (await documentRow(other)).agreementId!;
    fake.agreements.get(started)!.status = 'OUT_FOR_SIGNATURE';
    const resumed = await send(other);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data.agreement_id).toBe(started);
    expect(fake.agreements.size - before).toBe(2);
    expect(fake.requests.filter((r) => r.method === 'PUT' && r.url.includes(encodeURIComponent(started)))).toHaveLength(1);
  });
});
