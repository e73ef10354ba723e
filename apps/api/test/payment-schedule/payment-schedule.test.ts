import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices, notifications, paymentMilestones, quotes } from '@ouvrage/db';
import { FixedClock, formatEuros, percentOf } from '@ouvrage/domain';
import { prepareDueMilestones } from '../../src/modules/payment-schedule';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { completeProfile } from '../quotes/factories';
import { contractTtc, quoteInStatus } from '../invoices/factories';

/**
 * The payment schedule through the API on a real database (decision 1221): set on a draft quote,
 * refused with a code when it does not add up or breaks a legal limit (nothing changed), milestones
 * reached by the architect or by the job — each once, even twice at once — their invoices issued
 * in one click, and the schedule summing to the contract to the cent.
 */

const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  bob = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, alice.id);
  await completeProfile(ctx.db, bob.id);
});

const url = (quoteId: number, tail = '') => `/api/devis/${quoteId}/echeancier${tail}`;
const put = (user: TestUser, quoteId: number, payload: unknown) => as(ctx, user, { method: 'PUT', url: url(quoteId), payload: payload as object });
const get = (user: TestUser, quoteId: number) => as(ctx, user, { method: 'GET', url: url(quoteId) });
const mark = (quoteId: number, position: number) => as(ctx, alice, { method: 'POST', url: url(quoteId, '/etape-atteinte'), payload: { position } });
const emit = (quoteId: number, position: number) => as(ctx, alice, { method: 'POST', url: url(quoteId, '/emettre'), payload: { position } });
const job = () => prepareDueMilestones(ctx.app.deps, { error: () => {} });

const schedule = {
  contract_kind: 'travaux',
  milestones: [
    { trigger: { kind: 'signature' }, percent_bp: 3000 },
    { trigger: { kind: 'stage', stage: 'fin_gros_oeuvre' }, percent_bp: 3000 },
    { trigger: { kind: 'date', date: '2027-01-15' }, percent_bp: 2000 },
    { trigger: { kind: 'stage', stage: 'reception' }, percent_bp: 2000 },
  ],
};

async function draftWithSchedule(typeClient?: 'entreprise'): Promise<number> {
  const quoteId = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id, status: 'Brouillon', typeClient });
  const res = await put(alice, quoteId, schedule);
  expect(res.statusCode, res.body).toBe(200);
  return quoteId;
}

/** The client signs and the quote is validated (the signing flow itself is tested by the quotes module). */
async function signAndValidate(quoteId: number, signedAt: string) {
  await ctx.db
    .update(quotes)
    .set({ status: 'Validé', signedAt: new Date(signedAt), validatedAt: new Date(signedAt) })
    .where(eq(quotes.id, quoteId));
}

const milestonesOf = async (quoteId: number) => (await get(alice, quoteId)).json().data.schedule.milestones as Array<Record<string, any>>;
const invoicesOf = (quoteId: number) => ctx.db.select().from(invoices).where(eq(invoices.quoteId, quoteId));
/** Positions of the quote's milestones prepared and not yet invoiced. */
const preparedOf = async (quoteId: number) =>
  (
    await ctx.db
      .select()
      .from(paymentMilestones)
      .where(and(eq(paymentMilestones.quoteId, quoteId), eq(paymentMilestones.state, 'prepared')))
  )
    .map((r) => r.position)
    .sort();
/** The client's « échéance atteinte » notices about this quote. */
const noticesOf = async (quoteId: number) =>
  (
    await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, carol.id), eq(notifications.kind, 'payment_milestone_reached'), eq(notifications.link, `/devis/${quoteId}`)))
  ).length;

describe('setting the schedule on a draft quote', () => {
  it('keeps the milestones, each on the contract’s TTC, the last taking the rounding: they add up to the contract', async () => {
    const quoteId = await draftWithSchedule();
    const view = (await get(alice, quoteId)).json().data.schedule;
    expect(view.contract_ttc_cents).toBe(contractTtc());
    expect(view.milestones.map((m: any) => m.state)).toEqual(['a_venir', 'a_venir', 'a_venir', 'a_venir']);
    expect(view.milestones.reduce((s: number, m: any) => s + m.due_cents, 0)).toBe(contractTtc());
    expect(view.editable).toBe(true);
  });

  it('refuses a schedule that does not add up, a date inside a consumer’s withdrawal period, bad input — with a code, changing nothing', async () => {
    const quoteId = await draftWithSchedule();
    const before = (await get(alice, quoteId)).json().data;
    const short = await put(alice, quoteId, { ...schedule, milestones: schedule.milestones.slice(0, 3) });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({ code: 'PAYMENT_SCHEDULE_NOT_WHOLE_CONTRACT', params: { total: '80 %' } });
    const early = await put(alice, quoteId, {
      ...schedule,
      milestones: [schedule.milestones[0], { trigger: { kind: 'date', date: '2026-12-07' }, percent_bp: 7000 }],
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toMatchObject({ code: 'PAYMENT_SCHEDULE_BEFORE_WITHDRAWAL_END', params: { date: '2026-12-08' } });
    for (const bad of [
      { milestones: 'x' },
      { milestones: [{ trigger: { kind: 'date', date: '15/01/2027' }, percent_bp: 10_000 }] },
      { milestones: [{ trigger: { kind: 'moon' } }] },
      null,
    ]) {
      const res = await put(alice, quoteId, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await get(alice, quoteId)).json().data).toEqual(before);
  });

  it('is the issuer’s, on a draft only', async () => {
    const quoteId = await draftWithSchedule();
    expect((await put(bob, quoteId, schedule)).statusCode).toBe(403);
    await signAndValidate(quoteId, '2026-11-23T09:00:00Z');
    const late = await put(alice, quoteId, schedule);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('PAYMENT_SCHEDULE_QUOTE_NOT_DRAFT');
    expect((await as(ctx, alice, { method: 'DELETE', url: url(quoteId) })).statusCode).toBe(409);
  });
});

describe('milestones reached and invoiced', () => {
  it('a consumer’s contract: nothing before the withdrawal period ends, then each milestone prepared once, issued in one click, the whole contract invoiced to the cent', async () => {
    clock.set('2026-11-23T10:00:00Z');
    const quoteId = await draftWithSchedule();
    await signAndValidate(quoteId, '2026-11-24T10:00:00Z');

    // Inside the withdrawal period (to 8 December): the job asks nothing, a stage cannot be marked.
    clock.set('2026-11-27T10:00:00Z');
    await job();
    expect(await preparedOf(quoteId)).toEqual([]);
    const open = await mark(quoteId, 1);
    expect(open.statusCode).toBe(409);
    expect(open.json().error).toMatchObject({ code: 'PAYMENT_SCHEDULE_WITHDRAWAL_OPEN', params: { date: '2026-12-08' } });
    expect((await milestonesOf(quoteId))[0]).toMatchObject({ state: 'a_venir', due_on: '2026-12-09' });

    // The day after: the deposit is prepared, once however often the job runs.
    clock.set('2026-12-09T10:00:00Z');
    await job();
    await job();
    expect(await preparedOf(quoteId)).toEqual([0]);
    const [deposit] = await milestonesOf(quoteId);
    expect(deposit).toMatchObject({ state: 'facture_preparee', prepared: { kind: 'acompte', amount_cents: deposit.due_cents } });
    expect(await noticesOf(quoteId)).toBe(1);

    // The architect marks the stage twice at once: one invoice prepared, the other click refused.
    const both = await Promise.all([mark(quoteId, 1), mark(quoteId, 1)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().error.code).toBe('PAYMENT_SCHEDULE_ALREADY_REACHED');
    expect(await noticesOf(quoteId)).toBe(2);
    expect((await mark(quoteId, 2)).json().error.code).toBe('PAYMENT_SCHEDULE_NOT_A_STAGE');

    // « Émettre la facture », twice at once on the stage: one invoice.
    expect((await emit(quoteId, 0)).statusCode).toBe(200);
    const twice = await Promise.all([emit(quoteId, 1), emit(quoteId, 1)]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await emit(quoteId, 3)).json().error.code).toBe('PAYMENT_SCHEDULE_NOT_PREPARED');
    expect(await invoicesOf(quoteId)).toHaveLength(2);

    // The date comes; then the réception: the balance.
    clock.set('2027-01-15T10:00:00Z');
    await job();
    expect(await preparedOf(quoteId)).toEqual([2]);
    expect((await mark(quoteId, 3)).statusCode).toBe(200);
    expect((await milestonesOf(quoteId))[3].prepared.kind).toBe('solde');
    // The balance waits for the deposit prepared before it.
    expect((await emit(quoteId, 3)).json().error.code).toBe('PAYMENT_SCHEDULE_EARLIER_FIRST');
    expect((await emit(quoteId, 2)).statusCode).toBe(200);
    expect((await emit(quoteId, 3)).statusCode).toBe(200);

    const issued = await invoicesOf(quoteId);
    expect(issued.map((i) => i.kind)).toEqual(['acompte', 'acompte', 'acompte', 'solde']);
    expect(issued.reduce((s, i) => s + i.totalTtcCents, 0)).toBe(contractTtc());
    const states = await milestonesOf(quoteId);
    expect(states.map((m) => m.state)).toEqual(['facture', 'facture', 'facture', 'facture']);
    states.forEach((m, i) => expect(m.invoice.total_ttc_cents, `milestone ${i}`).toBe(m.prepared.amount_cents));

    // Paid: the first invoice settled shows « payé » and what the client paid.
    await ctx.db.update(invoices).set({ paidCents: issued[0].totalTtcCents }).where(eq(invoices.id, issued[0].id));
    const client = (await get(carol, quoteId)).json().data.schedule;
    expect(client.milestones[0].state).toBe('paye');
    expect(client.paid_cents).toBe(issued[0].totalTtcCents);
    expect(client.editable).toBe(false);

    // The client's project page: the schedule with the project's contracts (decision 1224).
    const [{ projectId }] = await ctx.db.select({ projectId: quotes.projectId }).from(quotes).where(eq(quotes.id, quoteId));
    const page = await as(ctx, carol, { method: 'GET', url: `/api/projet/${projectId}/contrats` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.items).toEqual([expect.objectContaining({ quote_id: quoteId, quote_label: expect.any(String), schedule: client })]);
  });

  it('a business client’s deposit is prepared on the day of signature', async () => {
    clock.set('2026-11-23T10:00:00Z');
    const quoteId = await draftWithSchedule('entreprise');
    await signAndValidate(quoteId, '2026-11-23T09:00:00Z');
    await job();
    expect(await preparedOf(quoteId)).toEqual([0]);
  });

  it('a milestone the job and the architect reach at the same time is prepared once', async () => {
    clock.set('2026-11-23T10:00:00Z');
    const quoteId = await draftWithSchedule('entreprise');
    await signAndValidate(quoteId, '2026-11-23T09:00:00Z');
    await Promise.all([job(), job(), mark(quoteId, 1), mark(quoteId, 1)]);
    expect(await preparedOf(quoteId)).toEqual([0, 1]);
    expect(await noticesOf(quoteId)).toBe(2);
  });
});

function pdftotext(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'ouvrage-schedule-'));
  try {
    writeFileSync(join(dir, 'q.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'q.pdf'), '-'], { encoding: 'utf8' }).replace(/[\s\u00a0\u202f]+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the quote’s PDF', () => {
  it('prints the schedule the client signs with the quote, its amounts adding up to the total, and no other deposit', async () => {
    clock.set('2026-11-23T10:00:00Z');
    const quoteId = await draftWithSchedule();
    const res = await as(ctx, alice, { method: 'GET', url: `/api/devis/${quoteId}/pdf` });
    expect(res.statusCode).toBe(200);
    const text = pdftotext(res.rawPayload);
    const ttc = contractTtc();
    const deposit = percentOf(ttc, 3000);
    const norm = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, ' ');
    expect(text).toContain('Échéancier de paiement');
    expect(text).toContain(norm(`1. Acompte à la signature — 30 % — ${formatEuros(deposit)} TTC`));
    expect(text).toContain('2. Fin du gros œuvre — 30 %');
    expect(text).toContain('3. Échéance du 15/01/2027 — 20 %');
    expect(text).toContain(norm(`4. Réception des travaux — 20 % — ${formatEuros(ttc - 2 * deposit - percentOf(ttc, 2000))} TTC`));
    expect(text).toContain('le lendemain de la fin du délai de rétractation');
    expect(text).not.toContain('à la commande');
  });
});
