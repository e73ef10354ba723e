import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@ouvrage/contracts';
import { mails, offers, payments, projectActivity, projects, quoteEvents, quotes } from '@ouvrage/db';
import { todayInParis, systemClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { catalogIds, insertProject, journeyBody } from '../projects/factories';
import { completeProfile } from '../quotes/factories';
import { quoteContent } from '../quotes/quote-body';
import { insertInvoiceRow } from '../reception/factories';
import { dataUrl, signaturePng } from '../signature/png';

/**
 * A project's timeline (issue 12, decisions 0830–0832), built from a project taken through the
 * real routes: request → tenders → quotes → accepted, signed, validated → invoice → transfer →
 * réception.
 */
/** Statements the database receives, counted by Drizzle's logger (transactions included); the job queue's aside. */
let statements = 0;
const ctx = useTestApp(
  {},
  {
    dbLogger: {
      logQuery: (query) => {
        if (!/\b(jobs|mails)\b/.test(query)) statements += 1;
      },
    },
  },
);
let admin: TestUser;
let carol: TestUser;
let alice: TestUser;
let bob: TestUser;
let stranger: TestUser;
let strangerPro: TestUser;
let projectId: number;
let aliceQuote: number;
let bobQuote: number;
let invoiceId: number;

const ok = async (res: Promise<{ statusCode: number; body: string; json: () => any }>, status = 200) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json().data;
};
const post = (user: TestUser, url: string, payload: object = {}) => as(ctx, user, { method: 'POST', url, payload });
const timeline = (user: TestUser, id = projectId, query = '') => as(ctx, user, { method: 'GET', url: `/api/project/activite/${id}${query}` });
const entries = async (user: TestUser, query = '?limit=500'): Promise<ActivityEntry[]> => (await ok(timeline(user, projectId, query))).items;

async function lastCodeTo(email: string): Promise<string> {
  const [mail] = await ctx.db.select().from(mails).where(eq(mails.toAddress, email)).orderBy(desc(mails.id)).limit(1);
  return /Code de signature : (\d{6})/.exec(mail.textBody)![1];
}

async function tenderOf(professionalId: number) {
  const [row] = await ctx.db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.projectId, projectId), eq(offers.professionalId, professionalId)));
  return row.id;
}

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin', firstname: 'Alain', lastname: 'Admin' });
  carol = await loginAs(ctx, { user_type: 'client', firstname: 'Carole', lastname: 'Martin' });
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé', firstname: 'Alice', lastname: 'Archi' });
  bob = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé', firstname: 'Bob', lastname: 'Concurrent' });
  stranger = await loginAs(ctx, { user_type: 'client' });
  strangerPro = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  await completeProfile(ctx.db, alice.id);
  await completeProfile(ctx.db, bob.id);

  // The request, validated by the admin, sent to two architects who both accept.
  const created = await ok(post(carol, '/api/projects', journeyBody({ email: carol.email }, await catalogIds(ctx.db))), 201);
  projectId = created.project.id;
  await ok(post(admin, '/api/admin/project/change-state', { project_id: projectId, state: 'Validé' }));
  await ok(post(admin, '/admin/account/create-offre', { project_id: projectId, professional_ids: [alice.id, bob.id] }), 201);
  await ok(post(alice, `/api/professionnel/mes-offres/validate/${await tenderOf(alice.id)}`));
  await ok(post(bob, `/api/professionnel/mes-offres/validate/${await tenderOf(bob.id)}`));

  // Each sends a quote; Bob keeps a draft too.
  aliceQuote = (await ok(post(alice, '/api/devis', { project_id: projectId, ...quoteContent({ title: 'Rénovation — Alice' }) }), 201)).id;
  await ok(post(alice, `/api/send-devis-email/${aliceQuote}`));
  bobQuote = (await ok(post(bob, '/api/devis', { project_id: projectId, ...quoteContent({ title: 'Rénovation — Bob' }) }), 201)).id;
  await ok(post(bob, `/api/send-devis-email/${bobQuote}`));
  await ok(post(bob, '/api/devis', { project_id: projectId, ...quoteContent({ title: 'Brouillon de Bob' }) }), 201);

  // Carol accepts and signs Alice's quote; Alice validates it and invoices a deposit.
  await ok(post(carol, `/api/validate-devis-client/${aliceQuote}`, { chosen_option_ids: [] }));
  await ok(post(carol, `/api/sign-devis/${aliceQuote}`));
  const verified = await ok(post(carol, `/api/sign-devis/${aliceQuote}/code`, { code: await lastCodeTo(carol.email) }));
  const signed = await ok(
    post(carol, `/api/sign-devis/${aliceQuote}/signature`, {
      image: dataUrl(signaturePng()),
      mode: 'drawn',
      accepted: true,
      certified: true,
      document_sha256: verified.document_sha256,
    }),
  );
  expect(signed).toMatchObject({ completed: true });
  await ok(post(alice, `/api/validate-devis-pro/${aliceQuote}`));
  const invoice = await ok(post(alice, '/api/facture', { quote_id: aliceQuote, kind: 'acompte', percent_bp: 3000 }), 201);
  invoiceId = invoice.id;

  // Carol declares her transfer, the admin confirms it.
  const today = todayInParis(systemClock);
  const transfer = await ok(post(carol, `/api/facture/${invoiceId}/virement`, { amount_cents: invoice.amount_due_cents, declared_on: today }), 201);
  await ok(post(admin, `/api/valider-paiement-facture/${invoiceId}`, { payment_id: transfer.id, amount_cents: invoice.amount_due_cents, received_on: today }));

  // The works are done: Alice records the réception.
  await ctx.db.update(projects).set({ stage: 'Travaux' }).where(eq(projects.id, projectId));
  await ok(post(alice, `/api/devis/${aliceQuote}/reception`, { reception_date: today, reservations: [] }), 201);
}, 120_000);

describe('the project’s timeline', () => {
  it('gives the client every step, newest first, with who, when and a link', async () => {
    const items = await entries(carol);
    const times = items.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const chrono = [...items].reverse();
    const index = (kind: string, pred: (e: ActivityEntry) => boolean = () => true) => {
      const i = chrono.findIndex((e) => e.kind === kind && pred(e));
      expect(i, `${kind} missing from ${chrono.map((e) => e.kind).join(', ')}`).toBeGreaterThanOrEqual(0);
      return i;
    };
    const steps = [
      index('project.created'),
      index('project.state', (e) => e.params.to === 'Validé'),
      index('tender.sent'),
      index('tender.accepted'),
      index('quote.sent', (e) => e.link === `/devis/${aliceQuote}`),
      index('quote.accepted'),
      index('quote.signed'),
      index('quote.validated'),
      index('invoice.issued'),
      index('payment.declared'),
      index('payment.confirmed'),
      index('reception.recorded'),
    ];
    expect(steps).toEqual([...steps].sort((a, b) => a - b));

    const one = (kind: string) => items.find((e) => e.kind === kind)!;
    expect(one('project.created')).toMatchObject({ who: { name: 'Carole Martin', role: 'client' }, link: `/single-projet/${projectId}` });
    expect(one('tender.sent')).toMatchObject({ who: { name: 'Alain Admin', role: 'admin' }, link: null });
    expect(
      items
        .filter((e) => e.kind === 'tender.accepted')
        .map((e) => e.who?.name)
        .sort(),
    ).toEqual(['Alice Archi', 'Bob Concurrent']);
    expect(one('quote.signed')).toMatchObject({ who: { name: 'Carole Martin', role: 'client' }, link: `/devis/${aliceQuote}` });
    const invoice = one('invoice.issued');
    expect(invoice).toMatchObject({ who: { name: 'Alice Archi', role: 'architecte' }, link: `/facture/${invoiceId}`, params: { variant: 'acompte' } });
    expect(invoice.params.number).toMatch(/^F-\d{4}-\d{4}$/);
    expect(invoice.params.amount_cents).toBeGreaterThan(0);
    expect(one('payment.confirmed')).toMatchObject({
      who: { role: 'admin' },
      params: { variant: 'virement', ref: invoice.params.number, amount_cents: invoice.params.amount_cents },
    });
    expect(one('reception.recorded')).toMatchObject({ who: { name: 'Alice Archi' }, link: `/devis/${aliceQuote}/reception` });
    for (const e of items) expect(Number.isNaN(Date.parse(e.at))).toBe(false);

    // Both sent quotes, never a draft, never a draft's creation.
    expect(
      items
        .filter((e) => e.kind === 'quote.sent')
        .map((e) => e.link)
        .sort(),
    ).toEqual([`/devis/${aliceQuote}`, `/devis/${bobQuote}`].sort());
    expect(items.some((e) => e.kind === 'quote.created' || e.params.title === 'Brouillon de Bob')).toBe(false);
  });

  it('the admin sees everything, drafts included', async () => {
    const items = await entries(admin);
    expect(items.some((e) => e.kind === 'quote.created' && e.params.title === 'Brouillon de Bob')).toBe(true);
    expect(items.find((e) => e.kind === 'tender.sent')?.link).toBe('/list-offre');
    expect(items.length).toBeGreaterThan((await entries(carol)).length);
  });

  it('a competing professional sees the project’s history and their own records, never another’s quote or price', async () => {
    const items = await entries(bob);
    expect(items.some((e) => e.kind === 'project.created')).toBe(true);
    for (const e of items) {
      expect(e.link).not.toBe(`/devis/${aliceQuote}`);
      expect(e.link ?? '').not.toMatch(/^\/facture\//);
      expect(e.kind).not.toMatch(/^(invoice|payment|reception)\./);
      expect(e.params.title ?? '').not.toContain('Alice');
      if (e.kind.startsWith('tender.')) expect(e.params.party).toBe('Bob Concurrent');
    }
    expect(items.some((e) => e.kind === 'quote.sent' && e.link === `/devis/${bobQuote}`)).toBe(true);
    expect(items.some((e) => e.kind === 'quote.created' && e.params.title === 'Brouillon de Bob')).toBe(true);

    // Alice sees her own quote, invoice, payment and réception, not Bob's quote.
    const hers = await entries(alice);
    expect(hers.some((e) => e.kind === 'payment.confirmed')).toBe(true);
    expect(hers.some((e) => e.link === `/devis/${bobQuote}`)).toBe(false);
  });

  it('someone unrelated gets 403; an unknown project 403, 404 for the admin; no session 401', async () => {
    expect((await timeline(stranger)).statusCode).toBe(403);
    expect((await timeline(strangerPro)).statusCode).toBe(403);
    expect((await timeline(stranger, 999_999)).statusCode).toBe(403);
    expect((await timeline(admin, 999_999)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/project/activite/${projectId}` })).statusCode).toBe(401);
  });

  it('answers the newest entries first, `limit` at a time, with the total', async () => {
    const all = await entries(carol);
    const first = await ok(timeline(carol, projectId, '?limit=5'));
    expect(first.items).toEqual(all.slice(0, 5));
    expect(first.total).toBe(all.length);
    const defaults = await ok(timeline(carol));
    expect(defaults.items).toHaveLength(Math.min(30, all.length));
    expect((await timeline(carol, projectId, '?limit=0')).statusCode).toBe(400);
    expect((await timeline(carol, projectId, '?limit=9999')).statusCode).toBe(400);
  });

  it('a project with no history yet answers an empty timeline', async () => {
    const fresh = await insertProject(ctx.db, carol.id);
    const data = await ok(timeline(carol, fresh.id));
    expect(data).toMatchObject({ project_id: fresh.id, total: 0, items: [] });
  });
});

describe('queries per request', () => {
  // Each count follows a first run: the session check's user is then in memory (decision 0979),
  // whatever the requests in between (a login empties it).
  async function queriesOf(run: () => Promise<unknown>): Promise<number> {
    await run();
    statements = 0;
    await run();
    return statements;
  }

  it('does not grow with the project’s records (no N+1)', async () => {
    const read = (user: TestUser) => queriesOf(async () => expect((await timeline(user)).statusCode).toBe(200));
    const before = { carol: await read(carol), admin: await read(admin), alice: await read(alice) };
    // Fixed: the caller and the project's owners (access control), then 10 reads at most.
    expect(before.carol).toBeLessThanOrEqual(14);
    const size = (await ok(timeline(admin))).total;

    // Twice as many records of every kind: history, tenders, quote events, invoices, payments.
    const [quote] = await ctx.db.select().from(quotes).where(eq(quotes.id, aliceQuote));
    for (let i = 0; i < 3; i += 1) {
      await ctx.db.insert(projectActivity).values({ projectId, actorId: carol.id, action: 'detail', message: `Question ${i}` });
      await ctx.db.insert(quoteEvents).values({ quoteId: aliceQuote, actorId: alice.id, action: 'sent', detail: quote.number });
      const other = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
      await ctx.db.insert(offers).values({ projectId, professionalId: other.id, status: 'Refusée', validation: '1', answeredAt: new Date() });
      const extra = await insertInvoiceRow(ctx.db, { quoteId: aliceQuote, issuerId: alice.id, clientId: carol.id, projectId, kind: 'acompte' });
      await ctx.db.insert(payments).values({
        invoiceId: extra,
        clientId: carol.id,
        issuerId: alice.id,
        method: 'carte',
        status: 'confirme',
        amountCents: 1_000,
        createdBy: carol.id,
        createdAt: new Date(),
        confirmedAt: new Date(),
      });
    }
    expect((await ok(timeline(admin))).total).toBeGreaterThanOrEqual(size + 15);
    expect({ carol: await read(carol), admin: await read(admin), alice: await read(alice) }).toEqual(before);
  });
});
