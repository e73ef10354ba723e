import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoiceReminders, mails } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { INVOICE_REMINDER_JOB, sendInvoiceReminders } from '../../src/modules/invoices';
import { enqueue } from '../../src/modules/jobs';
import { loginAs, useTestApp, type TestUser } from '../helpers';
import { insertInvoiceRow, insertReception } from './factories';

const clock = new FixedClock('2026-12-01T10:00:00Z');
const ctx = useTestApp({}, { clock });
const deps = () => ctx.app.deps;
let carol: TestUser;
let architect: TestUser;

beforeAll(async () => {
  carol = await loginAs(ctx, { user_type: 'client' });
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
});

async function invoiceDue(dueDate: string, options: { paidCents?: number; retentionCents?: number } = {}) {
  const made = await insertReception(ctx.db, { issuerId: architect.id, clientId: carol.id });
  return insertInvoiceRow(ctx.db, {
    ...made,
    issuerId: architect.id,
    clientId: carol.id,
    dueDate,
    kind: 'acompte',
    ttcCents: 50_000,
    retentionCents: options.retentionCents ?? 0,
    paidCents: options.paidCents ?? 0,
  });
}

const mailsAbout = (number: string) =>
  ctx.db
    .select()
    .from(mails)
    .where(and(eq(mails.toAddress, carol.email), like(mails.textBody, `%${number}%`)));
const numberOf = async (invoiceId: number) => {
  const rows = await ctx.db.select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoiceId));
  return rows.map((r) => r.step).sort();
};

/** Run the reminders the ways they may run: twice at once, once more, and through two queued jobs. */
async function runEveryWay() {
  await Promise.all([sendInvoiceReminders(deps()), sendInvoiceReminders(deps())]);
  await sendInvoiceReminders(deps());
  const key = clock.now().toISOString();
  await ctx.db.transaction((tx) => enqueue(tx, { kind: INVOICE_REMINDER_JOB, payload: {}, idempotencyKey: `${key}-a` }));
  await ctx.db.transaction((tx) => enqueue(tx, { kind: INVOICE_REMINDER_JOB, payload: {}, idempotencyKey: `${key}-b` }));
  await deps().jobs.kick();
}

describe('invoice payment reminders', () => {
  it('mails 3 days before, the day after and 15 days after the due date, each step once', async () => {
    const id = await invoiceDue('2026-12-10');
    const paid = await invoiceDue('2026-12-10', { paidCents: 50_000 });
    const onlyRetentionLeft = await invoiceDue('2026-12-10', { paidCents: 45_000, retentionCents: 5_000 });

    clock.set('2026-12-06T10:00:00Z');
    await runEveryWay();
    expect(await numberOf(id)).toEqual([]);

    // 23:30 UTC on 6/12 is already the 7th in Paris: three days before the due date.
    clock.set('2026-12-06T23:30:00Z');
    await runEveryWay();
    expect(await numberOf(id)).toEqual(['before-3']);

    clock.set('2026-12-10T10:00:00Z');
    await runEveryWay();
    expect(await numberOf(id)).toEqual(['before-3']);

    clock.set('2026-12-11T10:00:00Z');
    await runEveryWay();
    expect(await numberOf(id)).toEqual(['after-1', 'before-3']);

    clock.set('2026-12-25T10:00:00Z');
    await runEveryWay();
    clock.set('2027-01-20T10:00:00Z');
    await runEveryWay();
    expect(await numberOf(id)).toEqual(['after-1', 'after-15', 'before-3']);

    const sent = await ctx.db.select().from(mails).where(eq(mails.toAddress, carol.email));
    const subjects = sent.map((m) => m.subject).filter((s) => s.includes('Rappel') || s.includes('impayée'));
    const forId = subjects.filter((s) => s.includes(subjects[0].match(/R-2026-\d{4}/)![0]));
    expect(forId).toHaveLength(3);
    expect(forId[0]).toMatch(/^Rappel : facture R-2026-\d{4} à régler avant le 10\/12\/2026$/);
    expect(forId[1]).toMatch(/impayée — échéance du 10\/12\/2026$/);
    expect(await numberOf(paid)).toEqual([]);
    expect(await numberOf(onlyRetentionLeft)).toEqual([]);
  });

  it('sends only the step of today after a pause, never a stale « before » reminder', async () => {
    clock.set('2027-02-01T10:00:00Z');
    const late = await invoiceDue('2027-01-10');
    await runEveryWay();
    expect(await numberOf(late)).toEqual(['after-15']);
    const body = (await mailsAbout('impayée quinze jours')).length;
    expect(body).toBeGreaterThan(0);
  });
});
