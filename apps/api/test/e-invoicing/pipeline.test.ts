import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eInvoicePaymentStatuses, eInvoiceSubmissions, jobs, notifications } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { createFakePa, fakePaSettings, type FakePa } from '../../src/adapters/e-invoicing';
import { applyLifecycle } from '../../src/modules/e-invoicing/lifecycle';
import { enqueue } from '../../src/modules/jobs';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { insertProject } from '../projects/factories';
import { completeProfile } from '../quotes/factories';
import { pdfFacts } from '../invoices/facturx-check';
import { fatalAsserts } from '../invoices/facturx-rules';
import { quoteInStatus } from '../invoices/factories';

/**
 * The e-invoicing pipeline (issue 37 §1, decision 1212) through the API and the real AFNOR HTTP
 * client against the fake PA: an invoice to a business client is looked up in the directory
 * (BT-49), queued in its issuing transaction and sent once by the job, through a 500 and a second
 * run alike; a permanent refusal is shown and retried by the architect; a buyer not in the
 * directory is refused before any number is taken; the lifecycle comes back by search and by
 * webhook, each status once; « Encaissée » goes to the PA once per confirmed payment.
 */
const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let fake: FakePa;
/** Bob's own PA: each issuer's numbers are their own, a PA refuses a trackingId it already holds from the same account. */
let bobPa: FakePa;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let admin: TestUser;

const BUYER_SIREN = '732829320'; // the SIRET of the factories' business project: 73282932000074
const ROUTING = `${BUYER_SIREN}_FACTURES`;

type Json = Record<string, any>;
const kick = () => ctx.app.deps.jobs.kick();
const submissionOf = async (invoiceId: number) => (await ctx.db.select().from(eInvoiceSubmissions).where(eq(eInvoiceSubmissions.invoiceId, invoiceId)))[0];
const flowsOf = (trackingId: string) => [...fake.state.flows.values()].filter((f) => f.trackingId === trackingId);

async function issue(user: TestUser, quoteId: number): Promise<Json> {
  const res = await as(ctx, user, { method: 'POST', url: '/api/facture', payload: { quote_id: quoteId, kind: 'acompte', percent_bp: 3000 } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const businessQuote = (issuerId: number) => quoteInStatus(ctx.db, { issuerId, clientId: carol.id, typeClient: 'entreprise' });
const status = async (user: TestUser, invoiceId: number) => {
  const res = await as(ctx, user, { method: 'GET', url: `/api/factures/${invoiceId}/facturation-electronique` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json;
};
/** The fake's clock is real time; ours is fixed: the retry's backoff is passed by moving ours. */
const later = async (ms = 60_000) => {
  clock.advance(ms);
  await kick();
};

beforeAll(async () => {
  fake = createFakePa({ directory: [{ siren: BUYER_SIREN, name: 'Foncière du Rhône SAS' }] });
  bobPa = createFakePa({ directory: [{ siren: BUYER_SIREN, name: 'Foncière du Rhône SAS' }] });
  await fake.listen();
  await bobPa.listen();
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  bob = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client' });
  admin = await loginAs(ctx, { user_type: 'admin' });
  await connect(alice, fake);
  await connect(bob, bobPa);
  // Registers alice's webhook at the fake (its pushes are read from its deliveries and injected).
  expect((await as(ctx, alice, { method: 'POST', url: '/api/facturation-electronique/parametres/test' })).json().data.ok).toBe(true);
}, 60_000);
afterAll(async () => Promise.all([fake?.close(), bobPa?.close()]));

/** The architect's own PA, through the settings screen's route. */
async function connect(user: TestUser, pa: FakePa): Promise<void> {
  await completeProfile(ctx.db, user.id);
  const res = await as(ctx, user, {
    method: 'PUT',
    url: '/api/facturation-electronique/parametres',
    payload: fakePaSettings(pa),
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('submission', () => {
  let invoice: Json;

  it('an invoice to a business client carries the routing address (BT-49) and is queued with its issue', async () => {
    invoice = await issue(alice, await businessQuote(alice.id));
    expect(invoice.client.routing_address).toBe(ROUTING);
    const sub = await submissionOf(invoice.id);
    expect(sub).toMatchObject({ state: 'pending', documentNumber: invoice.number, attempts: 0 });
    expect(await ctx.db.select().from(jobs).where(eq(jobs.kind, 'e-invoicing.submit'))).not.toHaveLength(0);
  });

  it('the job sends the Factur-X once: a second run changes nothing', async () => {
    await kick();
    const sub = await submissionOf(invoice.id);
    expect(sub.state, sub.lastError ?? '').toBe('submitted');
    expect(sub.flowId).toBeTruthy();
    await enqueue(ctx.db, { kind: 'e-invoicing.submit', payload: { submissionId: sub.id }, idempotencyKey: 'second-run' });
    await kick();
    expect(flowsOf(invoice.number)).toHaveLength(1);
    expect((await submissionOf(invoice.id)).attempts).toBe(1);
    const flow = flowsOf(invoice.number)[0];
    expect(flow.flowSyntax).toBe('Factur-X');
    expect(flow.processingRule).toBe('B2B');
  });

  it('the XML sent names the buyer at its routing address and passes the French rules', async () => {
    const pdf = flowsOf(invoice.number)[0].content;
    // What the PA got is the stored original, the bytes the client downloads (decision 1020).
    const downloaded = await as(ctx, carol, { method: 'GET', url: `/api/facture/${invoice.id}/pdf` });
    expect(downloaded.statusCode).toBe(200);
    expect(Buffer.compare(downloaded.rawPayload, pdf)).toBe(0);
    const xml = pdfFacts(pdf).facturXml!;
    expect(xml).toContain(`<ram:URIID schemeID="0225">${ROUTING}</ram:URIID>`);
    expect(await fatalAsserts(xml)).toEqual([]);
  }, 60_000);

  it('a PA answering 500 is retried with backoff, then the invoice is sent once', async () => {
    const second = await issue(alice, await businessQuote(alice.id));
    fake.failNext(1, 500);
    await kick();
    const waiting = await submissionOf(second.id);
    expect(waiting.state).toBe('pending');
    expect(waiting.lastError).toBeTruthy();
    expect(flowsOf(second.number)).toHaveLength(0);
    await later();
    expect((await submissionOf(second.id)).state).toBe('submitted');
    expect(flowsOf(second.number)).toHaveLength(1);
  });

  it('a permanent refusal is shown with its reason and retried by the architect', async () => {
    const third = await issue(alice, await businessQuote(alice.id));
    fake.failNext(1, 422);
    await kick();
    const failed = await status(alice, third.id);
    expect(failed.submission).toMatchObject({ state: 'failed', number: third.number });
    expect(failed.submission.last_error).toBeTruthy();
    const awaiting = await as(ctx, alice, { method: 'GET', url: '/api/facturation-electronique/a-traiter' });
    expect(awaiting.json().data.items.map((i: Json) => i.number)).toContain(third.number);
    const notes = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, alice.id), eq(notifications.kind, 'e_invoice_action_needed')));
    expect(notes).toHaveLength(1);
    // Only its issuer may send it again; the client may read its status.
    expect((await as(ctx, bob, { method: 'POST', url: `/api/facturation-electronique/envois/${failed.submission.id}/relance` })).statusCode).toBe(403);
    expect((await status(carol, third.id)).submission.state).toBe('failed');
    const retried = await as(ctx, alice, { method: 'POST', url: `/api/facturation-electronique/envois/${failed.submission.id}/relance` });
    expect(retried.statusCode, retried.body).toBe(200);
    await kick();
    expect((await submissionOf(third.id)).state).toBe('submitted');
    expect(flowsOf(third.number)).toHaveLength(1);
    const again = await as(ctx, alice, { method: 'POST', url: `/api/facturation-electronique/envois/${failed.submission.id}/relance` });
    expect(again.statusCode).toBe(409);
  });

  it('a consumer’s invoice is not e-invoiced (e-reporting covers it)', async () => {
    const consumer = await issue(alice, await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id }));
    expect(await submissionOf(consumer.id)).toBeUndefined();
    expect(await status(alice, consumer.id)).toEqual({ e_invoiced: false, submission: null, events: [] });
  });
});

describe('the directory', () => {
  it('a buyer not in the directory is refused (400) before any number is taken', async () => {
    const project = await insertProject(ctx.db, carol.id, {
      state: 'Attribué',
      typeClient: 'entreprise',
      companyName: 'Inconnue SARL',
      siret: '55208131766522',
    });
    const unknownQuote = await quoteInStatus(ctx.db, { issuerId: bob.id, clientId: carol.id, projectId: project.id });
    const refused = await as(ctx, bob, { method: 'POST', url: '/api/facture', payload: { quote_id: unknownQuote, kind: 'acompte', percent_bp: 3000 } });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'E_INVOICING_BUYER_NOT_IN_DIRECTORY', params: { siren: '552081317' } });
    expect(refused.json().error.message).toContain('annuaire');
    // Bob's first invoice still takes the first number of his series.
    const first = await issue(bob, await businessQuote(bob.id));
    expect(first.number).toMatch(/-0001$/);
  });
});

describe('lifecycle', () => {
  let invoice: Json;
  let flowId: string;

  beforeAll(async () => {
    invoice = await issue(alice, await businessQuote(alice.id));
    await kick();
    flowId = (await submissionOf(invoice.id)).flowId!;
  });

  it('the periodic search brings the statuses, each once, and a refusal awaits the architect', async () => {
    fake.refuse(flowId, 'Le prix ne correspond pas à la commande.');
    await enqueue(ctx.db, { kind: 'e-invoicing.lifecycle', idempotencyKey: 'search-1' });
    await kick();
    const read = await status(alice, invoice.id);
    expect(read.submission).toMatchObject({ state: 'action', last_code: 210, last_error: 'Le prix ne correspond pas à la commande.' });
    expect(read.events.map((e: Json) => e.code)).toEqual([200, 201, 202, 210]);
    // A second pass overlapping the first applies nothing twice.
    await enqueue(ctx.db, { kind: 'e-invoicing.lifecycle', idempotencyKey: 'search-2' });
    await kick();
    expect((await status(alice, invoice.id)).events).toHaveLength(4);
    const awaiting = await as(ctx, alice, { method: 'GET', url: '/api/facturation-electronique/a-traiter' });
    expect(awaiting.json().data.items.map((i: Json) => i.number)).toContain(invoice.number);
  });

  it('a webhook applies a status once; a duplicate and an unknown flow are harmless', async () => {
    await fake.idle();
    const before = fake.state.deliveries.length;
    fake.approve(flowId);
    await fake.idle();
    const push = fake.state.deliveries.slice(before).find((d) => d.url.endsWith(`/webhook/${alice.id}`))!;
    const send = (body: string, signature: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/facturation-electronique/webhook/${alice.id}`,
        headers: { 'content-type': 'application/json', 'x-pa-signature': signature },
        payload: body,
      });
    const first = await send(push.body, push.signature);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().data).toMatchObject({ applied: 1, duplicates: 0, ignored: 0 });
    const again = await send(push.body, push.signature);
    expect(again.statusCode).toBe(202);
    expect(again.json().data).toMatchObject({ applied: 0, duplicates: 1 });
    expect((await status(alice, invoice.id)).events.map((e: Json) => e.code)).toEqual([200, 201, 202, 210, 205]);
    // A refused invoice stays « à traiter » until the architect corrects it (avoir + new invoice); the newest status is the last.
    expect(await submissionOf(invoice.id)).toMatchObject({ state: 'action', lastCode: 205 });

    // A late status, older than the last one applied, joins the history without becoming the last.
    const late = await applyLifecycle(
      ctx.app.deps,
      alice.id,
      [{ flowId, trackingId: invoice.number, code: 204, at: new Date('2026-01-01T00:00:00Z'), messageId: 'late-204' }],
      'webhook',
    );
    expect(late).toMatchObject({ applied: 1 });
    expect(await submissionOf(invoice.id)).toMatchObject({ state: 'action', lastCode: 205 });

    const mark = fake.state.deliveries.length;
    fake.pushUnknownFlow();
    await fake.idle();
    const unknown = fake.state.deliveries.slice(mark).find((d) => d.url.endsWith(`/webhook/${alice.id}`))!;
    const ignored = await send(unknown.body, unknown.signature);
    expect(ignored.statusCode, ignored.body).toBe(202);
    expect(ignored.json().data).toMatchObject({ applied: 0, ignored: 1 });

    expect((await send(push.body, 'sha256=' + '0'.repeat(64))).statusCode).toBe(401);
    expect((await send('pas du json', push.signature)).statusCode).toBe(401);
  });

  it('the avoir correcting a refused invoice goes through the PA too', async () => {
    const res = await as(ctx, alice, { method: 'POST', url: `/api/facture/${invoice.id}/avoir`, payload: { reason: 'Facture refusée : prix erroné.' } });
    expect(res.statusCode, res.body).toBe(201);
    await kick();
    const notes = await ctx.db.select().from(eInvoiceSubmissions).where(isNotNull(eInvoiceSubmissions.creditNoteId));
    expect(notes).toHaveLength(1);
    expect(notes[0].state).toBe('submitted');
    // The avoir cancels the whole invoice: it was the correction, nothing awaits an action any more.
    expect(await submissionOf(invoice.id)).toMatchObject({ state: 'done' });
    const awaiting = await as(ctx, alice, { method: 'GET', url: '/api/facturation-electronique/a-traiter' });
    expect(awaiting.json().data.items.map((i: Json) => i.invoice_id)).not.toContain(invoice.id);
  });
});

describe('« Encaissée » back to the PA', () => {
  it('a confirmed payment of an e-invoiced invoice sends one CDAR 212 with its amount', async () => {
    const invoice = await issue(bob, await businessQuote(bob.id));
    await kick();
    const confirm = await as(ctx, admin, {
      method: 'POST',
      url: `/api/valider-paiement-facture/${invoice.id}`,
      payload: { payment_id: null, amount_cents: 10_000, received_on: '2026-11-23' },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    await kick();
    const [row] = await ctx.db.select().from(eInvoicePaymentStatuses);
    expect(row, 'a status row per payment').toBeTruthy();
    expect(row).toMatchObject({ state: 'sent', amountCents: 10_000 });
    await enqueue(ctx.db, { kind: 'e-invoicing.paid', payload: { paymentId: row.paymentId }, idempotencyKey: 'paid-twice' });
    await kick();
    const cdar = [...bobPa.state.flows.values()].filter((f) => f.flowSyntax === 'CDAR');
    expect(cdar).toHaveLength(1);
    expect(cdar[0].content.toString('utf8')).toContain('212');
    // 100 € over the invoice's two rates in proportion to their TTC.
    const amounts = [...cdar[0].content.toString('utf8').matchAll(/<ram:ValueAmount currencyID="EUR">([\d.]+)</g)].map((m) => Math.round(Number(m[1]) * 100));
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(10_000);
  });
});

describe('two PAs that number their flows alike', () => {
  it('each issuer keeps its flow id, and a status from one PA applies to its issuer’s invoice only', async () => {
    const pas = [
      createFakePa({ directory: [{ siren: BUYER_SIREN, name: 'Foncière du Rhône SAS' }] }),
      createFakePa({ directory: [{ siren: BUYER_SIREN, name: 'Foncière du Rhône SAS' }] }),
    ];
    try {
      const issuers = [];
      for (const pa of pas) {
        await pa.listen();
        const architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
        await connect(architect, pa);
        issuers.push(architect);
      }
      const invoices = [];
      for (const architect of issuers) invoices.push(await issue(architect, await businessQuote(architect.id)));
      await kick();
      const [first, second] = await Promise.all(invoices.map((i) => submissionOf(i.id)));
      expect([first.state, second.state]).toEqual(['submitted', 'submitted']);
      // Both PAs named their first flow alike: each is stored under its issuer.
      expect(second.flowId).toBe(first.flowId);
      pas[1].refuse(second.flowId!, 'Bon de commande absent.');
      await enqueue(ctx.db, { kind: 'e-invoicing.lifecycle', idempotencyKey: 'search-twins' });
      await kick();
      expect((await status(issuers[1], invoices[1].id)).submission).toMatchObject({ state: 'action', last_code: 210, last_error: 'Bon de commande absent.' });
      const firstRead = await status(issuers[0], invoices[0].id);
      expect(firstRead.submission.state).toBe('submitted');
      expect(firstRead.events.map((e: Json) => e.code)).not.toContain(210);
    } finally {
      await Promise.all(pas.map((pa) => pa.close()));
    }
  });
});
