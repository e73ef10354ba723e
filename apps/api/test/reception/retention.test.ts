import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices, mails, receptions } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { enqueue } from '../../src/modules/jobs';
import { RETENTION_REMINDER_JOB, sendRetentionReminders } from '../../src/modules/reception';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { insertInvoiceRow, insertReception } from './factories';

const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
const deps = () => ctx.app.deps;
let carol: TestUser;
let architect: TestUser;
let otherArchitect: TestUser;
let admin: TestUser;

beforeAll(async () => {
  carol = await loginAs(ctx, { user_type: 'client' });
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  otherArchitect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  admin = await loginAs(ctx, { user_type: 'admin' });
});

/** A signed réception of 20/11/2026 with one open reservation, and a balance invoice withholding 60 € (all else paid). */
async function signedReception(options: { signed?: boolean; retentionCents?: number } = {}) {
  const made = await insertReception(ctx.db, {
    issuerId: architect.id,
    clientId: carol.id,
    signedAt: options.signed === false ? null : new Date('2026-11-21T10:00:00Z'),
  });
  const invoiceId = await insertInvoiceRow(ctx.db, {
    ...made,
    issuerId: architect.id,
    clientId: carol.id,
    ttcCents: 120_000,
    retentionCents: options.retentionCents ?? 6_000,
    paidCents: 114_000 - (6_000 - (options.retentionCents ?? 6_000)),
  });
  return { ...made, invoiceId };
}

const release = (id: number, user: TestUser = architect) => as(ctx, user, { method: 'POST', url: `/api/reception/${id}/liberer-retenue` });
const lift = (reservationId: number, on: string) =>
  as(ctx, architect, { method: 'POST', url: `/api/reception/reserve/${reservationId}/levee`, payload: { lifted_on: on } });
const invoice = async (id: number) =>
  (await as(ctx, carol, { method: 'GET', url: `/api/get-facture-detail/${id}` })).json().data as { status: string; left_to_pay_cents: number };
const listed = async (status: string) =>
  (
    (await as(ctx, carol, { method: 'GET', url: `/api/liste-facture?status=${encodeURIComponent(status)}&per_page=100` })).json().data.items as Array<{
      id: number;
    }>
  ).map((i) => i.id);

describe('releasing the retenue de garantie', () => {
  it('is refused while a reservation is open and before one year, then releases it once and makes it payable', async () => {
    clock.set('2026-11-23T10:00:00Z');
    const r = await signedReception();
    expect(await invoice(r.invoiceId)).toMatchObject({ status: 'Payée', left_to_pay_cents: 0 });
    const view = (await as(ctx, carol, { method: 'GET', url: `/api/devis/${r.quoteId}/reception` })).json().data.reception;
    expect(view.retention).toMatchObject({
      retention_cents: 6_000,
      release_date: '2027-11-20',
      reminder_date: '2027-10-21',
      state: 'blocked',
      released_on: null,
    });

    const blocked = await release(r.receptionId);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error).toMatchObject({ code: 'RETENTION_RESERVATIONS_OPEN', params: { count: 1 } });
    expect((await lift(r.reservationId, '2026-11-22')).statusCode).toBe(200);

    const early = await release(r.receptionId);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({ code: 'RETENTION_NOT_DUE', params: { date: '2027-11-20' } });
    expect(early.json().error.message).toBe('La retenue de garantie ne peut être libérée qu’à partir du 20/11/2027.');

    // The day before in Paris (23:30 UTC on 19/11 is 00:30 on 20/11 in Paris: already due).
    clock.set('2027-11-19T22:30:00Z');
    expect((await release(r.receptionId)).json().error.code).toBe('RETENTION_NOT_DUE');
    clock.set('2027-11-19T23:30:00Z');
    expect((await release(r.receptionId, carol)).statusCode).toBe(403);
    expect((await release(r.receptionId, otherArchitect)).statusCode).toBe(403);
    const ok = await release(r.receptionId);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.retention).toMatchObject({ state: 'released', released_on: '2027-11-20' });
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, r.invoiceId));
    expect(row.retentionReleasedOn).toBe('2027-11-20');
    // Payable now: the retenue is left to pay, due 30 days after its release.
    expect(await invoice(r.invoiceId)).toMatchObject({ status: 'Partiellement payée', left_to_pay_cents: 6_000 });
    expect(await listed('Partiellement payée')).toContain(r.invoiceId);
    expect(await listed('Payée')).not.toContain(r.invoiceId);
    const toClient = await ctx.db
      .select()
      .from(mails)
      .where(and(eq(mails.toAddress, carol.email), like(mails.subject, 'Retenue de garantie libérée%')));
    expect(toClient).toHaveLength(1);

    const twice = await release(r.receptionId, admin);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('RETENTION_ALREADY_RELEASED');

    clock.set('2027-12-21T10:00:00Z');
    expect((await invoice(r.invoiceId)).status).toBe('En retard');
    expect(await listed('En retard')).toContain(r.invoiceId);
  });

  it('is refused before the PV is signed, and when nothing is withheld', async () => {
    clock.set('2028-01-10T10:00:00Z');
    const unsigned = await signedReception({ signed: false });
    const res = await release(unsigned.receptionId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('RETENTION_PV_NOT_SIGNED');
    const none = await signedReception({ retentionCents: 0 });
    await ctx.db
      .update(receptions)
      .set({ signedAt: new Date('2026-11-21T10:00:00Z') })
      .where(eq(receptions.id, none.receptionId));
    expect((await release(none.receptionId)).json().error.code).toBe('RETENTION_NONE');
    expect((await release(999_999, admin)).statusCode).toBe(404);
  });
});

describe('the release reminder', () => {
  it('mails the client and the architect 30 days before, once, however many times the job runs', async () => {
    clock.set('2026-11-23T10:00:00Z');
    const r = await signedReception();
    const label = (await as(ctx, carol, { method: 'GET', url: `/api/devis/${r.quoteId}/reception` })).json().data.reception.quote_label as string;
    const reminders = () =>
      ctx.db
        .select()
        .from(mails)
        .where(like(mails.subject, `Retenue de garantie libérable le 20/11/2027 — devis ${label}`));
    const count = async () => (await reminders()).length;
    clock.set('2027-10-20T10:00:00Z');
    await sendRetentionReminders(deps());
    expect(await count()).toBe(0);

    clock.set('2027-10-21T10:00:00Z');
    await Promise.all([sendRetentionReminders(deps()), sendRetentionReminders(deps())]);
    await sendRetentionReminders(deps());
    // Through the queue too: two runs of the job.
    await ctx.db.transaction((tx) => enqueue(tx, { kind: RETENTION_REMINDER_JOB, payload: {}, idempotencyKey: 'test-run-1' }));
    await ctx.db.transaction((tx) => enqueue(tx, { kind: RETENTION_REMINDER_JOB, payload: {}, idempotencyKey: 'test-run-2' }));
    await deps().jobs.kick();
    const [row] = await ctx.db.select().from(receptions).where(eq(receptions.id, r.receptionId));
    expect(row.retentionRemindedAt).not.toBeNull();
    const mine = await reminders();
    expect(mine).toHaveLength(2);
    expect(mine.map((m) => m.toAddress).sort()).toEqual([carol.email, architect.email].sort());
    expect(mine[0].textBody).toMatch(/1 réserve\(s\) restent à lever/);
  });
});
