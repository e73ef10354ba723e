import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  creditNotes,
  invoices,
  offers,
  payments,
  quotes,
  receptionReservations,
  receptions,
  signatureDocuments,
  signatureSigners,
  type Database,
} from '@ouvrage/db';
import { createUser } from '@ouvrage/db/testing';
import { contractOf, FixedClock, quoteVersionLabel } from '@ouvrage/domain';
import { documentsToSign } from '../../src/modules/dashboard/read-model';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { contractLots, quoteInStatus } from '../invoices/factories';
import { insertProject } from '../projects/factories';
import { insertReception } from '../reception/factories';

/**
 * Every widget of the client, professional and architect dashboards on a data set with known
 * answers (decisions 0810–0813), someone else's rows alongside that must not be counted. Today is
 * 25/11/2026 in Paris.
 */
const clock = new FixedClock('2026-11-25T11:00:00Z');
const ctx = useTestApp({}, { clock });

const counted = contractLots.map((lot) => ({ ...lot, lines: lot.lines.map((l) => ({ ...l, optional: l.optional && !l.designation.includes('retenue)') })) }));
const HT = contractOf(counted).totals.totalHtCents;
const TTC = contractOf(counted).totals.totalTtcCents;
const DAY = 86_400_000;

let invoiceSeq = 0;
/** An invoice row with every amount and date chosen. */
async function invoice(
  db: Database,
  o: {
    issuerId: number;
    clientId: number;
    quoteId: number;
    issueDate: string;
    dueDate: string;
    ttc: number;
    paid?: number;
    credited?: number;
    retention?: number;
    releasedOn?: string;
  },
) {
  invoiceSeq += 1;
  const [q] = await db.select({ projectId: quotes.projectId }).from(quotes).where(eq(quotes.id, o.quoteId));
  const ht = Math.round(o.ttc / 1.2);
  const [row] = await db
    .insert(invoices)
    .values({
      number: `F-2026-${String(invoiceSeq).padStart(4, '0')}`,
      issuerId: o.issuerId,
      clientId: o.clientId,
      quoteId: o.quoteId,
      projectId: q.projectId,
      kind: 'acompte',
      title: `Facture d’acompte — devis ${o.quoteId}`,
      issuedAt: new Date(`${o.issueDate}T10:00:00Z`),
      issueDate: o.issueDate,
      dueDate: o.dueDate,
      totalHtCents: ht,
      totalTvaCents: o.ttc - ht,
      totalTtcCents: o.ttc,
      retentionCents: o.retention ?? 0,
      paidCents: o.paid ?? 0,
      creditedCents: o.credited ?? 0,
      retentionReleasedOn: o.releasedOn ?? null,
      byRate: [{ rate_bp: 2000, base_cents: ht, tva_cents: o.ttc - ht }],
      document: { client: { name: 'Claire Martin' } },
    })
    .returning({ id: invoices.id, number: invoices.number });
  return row;
}

async function payment(
  db: Database,
  o: { invoiceId: number; issuerId: number; clientId: number; cents: number; at: string; status?: 'confirme' | 'en_attente' },
) {
  const at = new Date(o.at);
  await db.insert(payments).values({
    invoiceId: o.invoiceId,
    issuerId: o.issuerId,
    clientId: o.clientId,
    method: 'virement',
    status: o.status ?? 'confirme',
    amountCents: o.cents,
    createdAt: at,
    confirmedAt: o.status === 'en_attente' ? null : at,
  });
}

const get = async (user: TestUser | null, url: string) => {
  const res = await as(ctx, user, { method: 'GET', url });
  return res;
};

describe('GET /api/dashboard/client', () => {
  it('lists the client’s projects, quotes to answer, documents to sign, invoices to pay and next steps — nobody else’s', async () => {
    const db = ctx.db;
    const client = await loginAs(ctx, { user_type: 'client' });
    const other = await createUser(db, { user_type: 'client' });
    const architect = await createUser(db, { user_type: 'architecte', is_validate: 'Validé' });

    const waiting = await insertProject(db, client.id, { state: 'En attente', createdAt: new Date('2026-11-01T10:00:00Z') });
    const consulting = await insertProject(db, client.id, { state: 'En consultation', createdAt: new Date('2026-11-02T10:00:00Z') });
    const attributed = await insertProject(db, client.id, { state: 'Attribué', stage: 'Travaux', createdAt: new Date('2026-11-03T10:00:00Z') });
    await insertProject(db, other.id, { state: 'En attente' });

    const onAttributed = { issuerId: architect.id, clientId: client.id, projectId: attributed.id };
    const sentA = await quoteInStatus(db, { ...onAttributed, status: 'Envoyé' });
    const sentB = await quoteInStatus(db, { ...onAttributed, status: 'Envoyé' });
    await db.update(quotes).set({ validUntil: '2026-12-01' }).where(eq(quotes.id, sentB));
    await quoteInStatus(db, { ...onAttributed, status: 'Brouillon' });
    await quoteInStatus(db, { ...onAttributed, status: 'Refusé' });
    const accepted = await quoteInStatus(db, { ...onAttributed, status: 'Accepté' });
    await db
      .update(quotes)
      .set({ acceptedAt: new Date('2026-11-10T10:00:00Z') })
      .where(eq(quotes.id, accepted));
    const validated = await quoteInStatus(db, onAttributed);
    const otherProject = await insertProject(db, other.id, { state: 'Attribué' });
    await quoteInStatus(db, { issuerId: architect.id, clientId: other.id, projectId: otherProject.id, status: 'Envoyé' });
    await quoteInStatus(db, { issuerId: architect.id, clientId: other.id, projectId: otherProject.id, status: 'Accepté' });

    // A contract sent to the client (and one they already signed, one to someone else), an unsigned PV and a signed one.
    const contract = await db
      .insert(signatureDocuments)
      .values({
        kind: 'contract',
        ownerId: architect.id,
        title: 'Contrat de maîtrise d’œuvre',
        fileName: 'contrat.pdf',
        originalKey: 'k1.pdf',
        originalSha256: '0'.repeat(64),
        provider: 'builtin',
        status: 'out_for_signature',
        createdAt: new Date('2026-11-12T10:00:00Z'),
        sentAt: new Date('2026-11-12T10:00:00Z'),
        updatedAt: new Date('2026-11-12T10:00:00Z'),
      })
      .returning({ id: signatureDocuments.id });
    await db.insert(signatureSigners).values({ documentId: contract[0].id, position: 0, userId: client.id, name: 'Claire', email: 'c@exemple.fr' });
    const signedContract = await db
      .insert(signatureDocuments)
      .values({
        kind: 'contract',
        ownerId: architect.id,
        title: 'Avenant',
        fileName: 'a.pdf',
        originalKey: 'k2.pdf',
        originalSha256: '0'.repeat(64),
        provider: 'builtin',
        status: 'out_for_signature',
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning({ id: signatureDocuments.id });
    await db.insert(signatureSigners).values({
      documentId: signedContract[0].id,
      position: 0,
      userId: client.id,
      name: 'Claire',
      email: 'c@exemple.fr',
      status: 'signed',
      signedAt: new Date(),
    });
    const pv = await insertReception(db, { issuerId: architect.id, clientId: client.id, signedAt: null });
    await db
      .update(receptions)
      .set({ createdAt: new Date('2026-11-14T10:00:00Z') })
      .where(eq(receptions.id, pv.receptionId));
    await insertReception(db, { issuerId: architect.id, clientId: client.id, signedAt: new Date('2026-11-21T10:00:00Z') });
    // insertReception made two projects for the client (state Attribué).

    // Invoices: one partly paid, due later; one overdue; one paid; one cancelled by a credit note; someone else's.
    const later = await invoice(db, {
      issuerId: architect.id,
      clientId: client.id,
      quoteId: validated,
      issueDate: '2026-11-10',
      dueDate: '2026-12-10',
      ttc: 120_000,
      paid: 20_000,
    });
    const overdue = await invoice(db, {
      issuerId: architect.id,
      clientId: client.id,
      quoteId: validated,
      issueDate: '2026-10-01',
      dueDate: '2026-10-31',
      ttc: 60_000,
    });
    await invoice(db, {
      issuerId: architect.id,
      clientId: client.id,
      quoteId: validated,
      issueDate: '2026-10-01',
      dueDate: '2026-10-31',
      ttc: 30_000,
      paid: 30_000,
    });
    await invoice(db, {
      issuerId: architect.id,
      clientId: client.id,
      quoteId: validated,
      issueDate: '2026-10-01',
      dueDate: '2026-10-31',
      ttc: 30_000,
      credited: 30_000,
    });
    await invoice(db, {
      issuerId: architect.id,
      clientId: client.id,
      quoteId: validated,
      issueDate: '2026-10-01',
      dueDate: '2026-10-31',
      ttc: 50_000,
      paid: 47_500,
      retention: 2_500,
    });
    await invoice(db, { issuerId: architect.id, clientId: other.id, quoteId: validated, issueDate: '2026-10-01', dueDate: '2026-10-31', ttc: 70_000 });

    const res = await get(client, '/api/dashboard/client');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;

    expect(data.projects.total).toBe(5);
    expect(data.projects.items.map((p: { id: number }) => p.id).slice(-3)).toEqual([attributed.id, consulting.id, waiting.id]);
    expect(data.projects.items.find((p: { id: number }) => p.id === attributed.id)).toMatchObject({
      state: 'Attribué',
      stage: 'Travaux',
      category_name: 'Rénovation',
      bien_name: 'Maison',
    });

    expect(data.quotes_awaiting.total).toBe(2);
    expect(data.quotes_awaiting.total_ttc_cents).toBe(2 * TTC);
    expect(data.quotes_awaiting.items.map((q: { id: number }) => q.id)).toEqual([sentB, sentA]);
    expect(data.quotes_awaiting.items[0]).toMatchObject({ valid_until: '2026-12-01', total_ttc_cents: TTC, project_id: attributed.id });

    expect(data.documents_to_sign.total).toBe(3);
    expect(data.documents_to_sign.items.map((d: { kind: string; id: number }) => `${d.kind}:${d.id}`)).toEqual([
      `quote:${accepted}`,
      `contract:${contract[0].id}`,
      `reception:${pv.receptionId}`,
    ]);
    expect(data.documents_to_sign.items[0]).toMatchObject({ to: `/devis/${accepted}`, since: '2026-11-10T10:00:00.000Z' });
    // The PV's label is its quote's, given by the quotes module (decision 1190).
    const [pvQuote] = await db.select({ number: quotes.number, version: quotes.version }).from(quotes).where(eq(quotes.id, pv.quoteId));
    expect(data.documents_to_sign.items[2]).toMatchObject({
      to: `/devis/${pv.quoteId}/reception/signer`,
      label: quoteVersionLabel(pvQuote.number, pvQuote.version),
    });
    // Fewer rows than documents: the read model keeps the oldest of all owners, the count of all.
    for (const [limit, kinds] of [
      [1, ['quote']],
      [2, ['quote', 'contract']],
    ] as const) {
      const some = await documentsToSign(db, client.id, limit);
      expect(some.total).toBe(3);
      expect(some.items.map((d) => d.kind)).toEqual(kinds);
    }

    expect(data.invoices_to_pay).toMatchObject({ total: 2, due_cents: 160_000, overdue_count: 1, overdue_cents: 60_000 });
    expect(data.invoices_to_pay.items).toEqual([
      { id: overdue.id, number: overdue.number, title: expect.any(String), left_cents: 60_000, due_date: '2026-10-31', overdue: true },
      { id: later.id, number: later.number, title: expect.any(String), left_cents: 100_000, due_date: '2026-12-10', overdue: false },
    ]);

    const keys = data.next_steps.map((s: { key: string }) => s.key);
    expect(keys).toEqual(['pay_overdue_invoice', 'sign_quote', 'sign_contract', 'sign_reception', 'answer_quote', 'answer_quote']);
    expect(data.next_steps[0]).toMatchObject({
      params: { number: overdue.number, amount_cents: 60_000, due_date: '2026-10-31' },
      to: `/facture/${overdue.id}`,
    });
    expect(data.next_steps[0].text).toBe(`Réglez la facture ${overdue.number} : 600,00 €, en retard depuis le 31/10/2026`);
  });

  it('invites a newcomer to describe a project', async () => {
    const client = await loginAs(ctx, { user_type: 'client' });
    const data = (await get(client, '/api/dashboard/client')).json().data;
    expect(data).toMatchObject({
      projects: { total: 0, items: [] },
      quotes_awaiting: { total: 0, total_ttc_cents: 0 },
      documents_to_sign: { total: 0 },
      invoices_to_pay: { total: 0, due_cents: 0 },
    });
    expect(data.next_steps).toEqual([{ key: 'create_project', params: {}, to: '/', text: 'Décrivez votre premier projet pour recevoir des devis' }]);
  });
});

describe('GET /api/dashboard/professionnel', () => {
  it('counts available tenders, accepted projects and the answer rate of the caller only; the checklist is the profile’s', async () => {
    const db = ctx.db;
    const pro = await loginAs(ctx, { user_type: 'professionnel', is_validate: 'Validé' });
    const other = await createUser(db, { user_type: 'professionnel', is_validate: 'Validé' });
    const client = await createUser(db, { user_type: 'client' });
    const project = async (state: 'En consultation' | 'Attribué' | 'Annulé' = 'En consultation') => (await insertProject(db, client.id, { state })).id;
    const tender = async (values: Partial<typeof offers.$inferInsert>, professionalId = pro.id) => {
      const [row] = await db
        .insert(offers)
        .values({ projectId: await project(), professionalId, status: 'Disponible', validation: '1', replyDeadline: new Date(Date.now() + 3 * DAY), ...values })
        .returning({ id: offers.id, projectId: offers.projectId });
      return row;
    };
    const soon = await tender({ replyDeadline: new Date(Date.now() + 2 * DAY) });
    await tender({ replyDeadline: new Date(Date.now() + 5 * DAY) });
    const accepted = await tender({ status: 'Acceptée', answeredAt: new Date('2026-11-20T10:00:00Z') });
    await db
      .update(offers)
      .set({ projectId: await project('Attribué') })
      .where(eq(offers.id, accepted.id));
    await tender({ status: 'Refusée', refusalReason: 'Trop loin', answeredAt: new Date() });
    await tender({ replyDeadline: new Date(Date.now() - DAY) }); // expired, not yet swept
    const onCancelled = await tender({});
    await db
      .update(offers)
      .set({ projectId: await project('Annulé') })
      .where(eq(offers.id, onCancelled.id)); // closed: received, not available
    await tender({ status: 'Retirée' }); // withdrawn: not received
    await tender({ validation: '0' }); // a draft never sent
    await tender({}, other.id);
    await tender({ status: 'Acceptée', answeredAt: new Date() }, other.id);

    const res = await get(pro, '/api/dashboard/professionnel');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.tenders_available.total).toBe(2);
    expect(data.tenders_available.items[0]).toMatchObject({
      id: soon.id,
      project_id: soon.projectId,
      category_name: 'Rénovation',
      bien_name: 'Maison',
      city: 'Lyon 7e Arrondissement',
    });
    expect(data.accepted_projects.total).toBe(1);
    expect(data.accepted_projects.items[0]).toMatchObject({ tender_id: accepted.id, state: 'Attribué', accepted_at: '2026-11-20T10:00:00.000Z' });
    // Received: 2 available + accepted + refused + expired + closed = 6; answered 2.
    expect(data.answer_rate).toEqual({ received: 6, answered: 2, accepted: 1, refused: 1, expired: 1, rate_bp: 3333 });

    const status = (await get(pro, `/api/professionnel/get-status-register/${pro.id}`)).json().data.completeness;
    expect(data.profile.percent).toBe(status.percent);
    expect(data.profile.items.map((i: { key: string; done: boolean }) => [i.key, i.done])).toEqual(
      status.items.map((i: { key: string; done: boolean }) => [i.key, i.done]),
    );
    expect(data.profile.items.find((i: { key: string }) => i.key === 'zones')).toMatchObject({ done: false, to: '/entreprise/zone' });
    // An insurance never entered says so as one thing missing (issue 36 §6).
    expect(data.profile.items.find((i: { key: string }) => i.key === 'rcPro')).toMatchObject({ done: false, gaps: ['missing'] });
  });

  it('answers a professional who has received nothing with empty widgets and no rate', async () => {
    const pro = await loginAs(ctx, { user_type: 'dessinateur', is_validate: 'En attente' });
    const data = (await get(pro, '/api/dashboard/professionnel')).json().data;
    expect(data.tenders_available).toEqual({ total: 0, items: [] });
    expect(data.answer_rate).toEqual({ received: 0, answered: 0, accepted: 0, refused: 0, expired: 0, rate_bp: null });
    expect(data.profile.items.find((i: { key: string }) => i.key === 'decennale').required).toBe(false);
  });
});

describe('GET /api/dashboard/architecte', () => {
  it('gives the quote pipeline, the conversion, invoiced and received per Paris month, overdue invoices and guarantees — the caller’s only', async () => {
    const db = ctx.db;
    const architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
    const other = await createUser(db, { user_type: 'architecte', is_validate: 'Validé' });
    const client = await createUser(db, { user_type: 'client' });
    const project = await insertProject(db, client.id, { state: 'Attribué' });
    const q = (status: string, issuerId = architect.id) => quoteInStatus(db, { issuerId, clientId: client.id, projectId: project.id, status });

    const draft = await q('Brouillon');
    await db.update(quotes).set({ sentAt: null, acceptedAt: null, validatedAt: null }).where(eq(quotes.id, draft));
    await q('Envoyé');
    await q('Envoyé');
    await q('Accepté');
    await q('Signé');
    const v1 = await q('Validé');
    const v2 = await q('Validé');
    await q('Refusé');
    const expired = await q('Expiré');
    await db
      .update(quotes)
      .set({ sentAt: new Date('2025-06-01T10:00:00Z') })
      .where(eq(quotes.id, expired)); // sent before the 12 months
    await q('Remplacé');
    await q('Annulé');
    await q('Validé', other.id);
    await q('Envoyé', other.id);

    // Invoices and payments (someone else's and a pending one left out).
    const paid = await invoice(db, {
      issuerId: architect.id,
      clientId: client.id,
      quoteId: v1,
      issueDate: '2026-11-10',
      dueDate: '2026-12-10',
      ttc: 120_000,
      paid: 120_000,
    });
    await payment(db, { invoiceId: paid.id, issuerId: architect.id, clientId: client.id, cents: 120_000, at: '2026-11-15T10:00:00Z' });
    const late = await invoice(db, {
      issuerId: architect.id,
      clientId: client.id,
      quoteId: v1,
      issueDate: '2026-10-05',
      dueDate: '2026-11-04',
      ttc: 50_000,
      paid: 10_000,
    });
    // 31/10 at 23:30 UTC is already 1 November in Paris.
    await payment(db, { invoiceId: late.id, issuerId: architect.id, clientId: client.id, cents: 10_000, at: '2026-10-31T23:30:00Z' });
    await payment(db, { invoiceId: late.id, issuerId: architect.id, clientId: client.id, cents: 5_000, at: '2026-11-20T10:00:00Z', status: 'en_attente' });
    await invoice(db, { issuerId: architect.id, clientId: client.id, quoteId: v1, issueDate: '2025-06-01', dueDate: '2025-07-01', ttc: 99_999, paid: 99_999 });
    const credited = await invoice(db, {
      issuerId: architect.id,
      clientId: client.id,
      quoteId: v2,
      issueDate: '2026-09-10',
      dueDate: '2026-10-10',
      ttc: 30_000,
      paid: 10_000,
      credited: 20_000,
    });
    await payment(db, { invoiceId: credited.id, issuerId: architect.id, clientId: client.id, cents: 10_000, at: '2026-09-20T10:00:00Z' });
    await db.insert(creditNotes).values({
      number: 'AV-2026-0001',
      invoiceId: credited.id,
      issuerId: architect.id,
      clientId: client.id,
      reason: 'Geste commercial',
      issuedAt: new Date('2026-11-20T10:00:00Z'),
      issueDate: '2026-11-20',
      totalHtCents: 16_667,
      totalTvaCents: 3_333,
      totalTtcCents: 20_000,
      byRate: [{ rate_bp: 2000, base_cents: 16_667, tva_cents: 3_333 }],
    });
    const otherInvoice = await invoice(db, {
      issuerId: other.id,
      clientId: client.id,
      quoteId: v1,
      issueDate: '2026-11-10',
      dueDate: '2026-11-11',
      ttc: 77_777,
    });
    await payment(db, { invoiceId: otherInvoice.id, issuerId: other.id, clientId: client.id, cents: 7_777, at: '2026-11-12T10:00:00Z' });

    // Guarantees: one releasable (a year has passed, reservation lifted, PV signed), one waiting, one released, one without retenue, someone else's.
    const reception = async (issuerId: number, date: string, retention: number, lift = true, releasedOn: string | null = null) => {
      const r = await insertReception(db, { issuerId, clientId: client.id, receptionDate: date, signedAt: new Date(`${date}T12:00:00Z`) });
      if (lift) await db.update(receptionReservations).set({ liftedOn: date, liftedAt: new Date() }).where(eq(receptionReservations.id, r.reservationId));
      if (releasedOn) await db.update(receptions).set({ retentionReleasedOn: releasedOn }).where(eq(receptions.id, r.receptionId));
      if (retention) {
        await invoice(db, {
          issuerId,
          clientId: client.id,
          quoteId: r.quoteId,
          issueDate: '2024-01-10',
          dueDate: '2024-02-10',
          ttc: 100_000,
          paid: releasedOn ? 100_000 : 100_000 - retention,
          retention,
          releasedOn: releasedOn ?? undefined,
        });
      }
      return r;
    };
    const releasable = await reception(architect.id, '2025-11-01', 6_000);
    const waiting = await reception(architect.id, '2026-06-01', 4_000);
    const blocked = await reception(architect.id, '2025-10-01', 3_000, false);
    await reception(architect.id, '2025-01-01', 5_000, true, '2026-01-02');
    await reception(architect.id, '2025-02-01', 0);
    await reception(other.id, '2025-03-01', 7_000);

    const res = await get(architect, '/api/dashboard/architecte');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;

    // insertReception makes a validated quote each: 5 more accepted for the caller.
    expect(data.pipeline).toEqual([
      { stage: 'draft', count: 1, total_ht_cents: HT },
      { stage: 'sent', count: 2, total_ht_cents: 2 * HT },
      { stage: 'accepted', count: 9, total_ht_cents: 9 * HT },
      { stage: 'refused', count: 1, total_ht_cents: HT },
    ]);
    // Sent in Dec 2025–Nov 2026 (the factory's 1 Nov 2026): 2 sent + 4 accepted + 5 réceptions' + 1 refused + cancelled = 13; the expired one before.
    expect(data.conversion).toEqual({ sent: 13, accepted: 9, refused: 1, rate_bp: 6923 });

    expect(data.period).toMatchObject({ periode: '12', from: '2025-12-01', until: '2026-12-01' });
    expect(data.months).toHaveLength(12);
    expect(data.months[0].month).toBe('2025-12');
    const byMonth = Object.fromEntries(
      data.months
        .filter((m: { invoiced_cents: number; received_cents: number }) => m.invoiced_cents || m.received_cents)
        .map((m: { month: string }) => [m.month, m]),
    );
    expect(byMonth).toEqual({
      '2026-09': { month: '2026-09', invoiced_cents: 30_000, received_cents: 10_000 },
      '2026-10': { month: '2026-10', invoiced_cents: 50_000, received_cents: 0 },
      '2026-11': { month: '2026-11', invoiced_cents: 100_000, received_cents: 130_000 },
    });
    expect(data.totals).toEqual({ invoiced_cents: 180_000, received_cents: 140_000 });

    expect(data.overdue_invoices).toEqual({
      total: 1,
      left_cents: 40_000,
      items: [{ id: late.id, number: late.number, client_name: 'Claire Martin', due_date: '2026-11-04', left_cents: 40_000, days_late: 21 }],
    });

    expect(data.guarantees).toMatchObject({ total: 3, releasable: 1, releasable_cents: 6_000 });
    expect(data.guarantees.items.map((g: { reception_id: number; state: string }) => [g.reception_id, g.state])).toEqual([
      [releasable.receptionId, 'releasable'],
      [blocked.receptionId, 'blocked'],
      [waiting.receptionId, 'waiting'],
    ]);
    expect(data.guarantees.items[0]).toMatchObject({ quote_id: releasable.quoteId, release_date: '2026-11-01', retention_cents: 6_000, open_reservations: 0 });

    // A calendar year, and the year before.
    const year = (await get(architect, '/api/dashboard/architecte?periode=2025')).json().data;
    expect(year.period).toMatchObject({ from: '2025-01-01', until: '2026-01-01' });
    expect(year.months.find((m: { month: string }) => m.month === '2025-06')).toEqual({ month: '2025-06', invoiced_cents: 99_999, received_cents: 0 });
    expect(year.totals).toEqual({ invoiced_cents: 99_999, received_cents: 0 });
    expect(year.conversion).toEqual({ sent: 1, accepted: 0, refused: 0, rate_bp: 0 });
    expect((await get(architect, '/api/dashboard/architecte?periode=6')).json().data.months.map((m: { month: string }) => m.month)).toEqual([
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);

    const bad = await get(architect, '/api/dashboard/architecte?periode=7');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ periode: expect.stringContaining('6, 12 ou 24') });
  });
});

describe('who may read which dashboard', () => {
  it('answers each role its own dashboard only', async () => {
    const client = await loginAs(ctx, { user_type: 'client' });
    const pro = await loginAs(ctx, { user_type: 'professionnel', is_validate: 'Validé' });
    const architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
    const pending = await loginAs(ctx, { user_type: 'architecte', is_validate: 'En attente' });
    const admin = await loginAs(ctx, { user_type: 'admin' });
    const cases: Array<[TestUser | null, string, number]> = [
      [null, '/api/dashboard/client', 401],
      [pro, '/api/dashboard/client', 403],
      [admin, '/api/dashboard/client', 403],
      [client, '/api/dashboard/professionnel', 403],
      [architect, '/api/dashboard/professionnel', 200],
      [pending, '/api/dashboard/professionnel', 200],
      [pro, '/api/dashboard/architecte', 403],
      [pending, '/api/dashboard/architecte', 403],
      [client, '/api/dashboard/architecte', 403],
      [architect, '/api/dashboard/architecte', 200],
    ];
    for (const [user, url, status] of cases) expect((await get(user, url)).statusCode, `${user?.userType ?? 'anonyme'} ${url}`).toBe(status);
    // Nothing counts rows by an id the caller sends: an unknown query field changes nothing.
    const mine = (await get(architect, '/api/dashboard/architecte')).json().data;
    expect((await get(architect, `/api/dashboard/architecte?issuer_id=${pro.id}`)).json().data).toEqual(mine);
  });
});
