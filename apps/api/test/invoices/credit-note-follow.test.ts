import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices, mails, users } from '@ouvrage/db';
import { FixedClock, formatEuros } from '@ouvrage/domain';
import { sendInvoiceReminders } from '../../src/modules/invoices';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { completeProfile } from '../quotes/factories';
import { quoteInStatus } from './factories';

/**
 * A credited invoice stops asking to be paid (decision 1061): what is left, the pay link, the
 * transfer instructions, the bell and the reminders follow the avoir, total or partial; the client
 * gets the avoir — a notification, a mail with its PDF, and an entry in the e-mail choices.
 */
const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let alice: TestUser;
let carol: TestUser;

beforeAll(async () => {
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, alice.id);
  await as(ctx, alice, {
    method: 'PATCH',
    url: '/api/facture/parametre',
    payload: { iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP', tva_on_debits: false },
  });
});

async function deposit(client: TestUser = carol) {
  const quoteId = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: client.id });
  const res = await as(ctx, alice, {
    method: 'POST',
    url: '/api/facture',
    payload: { quote_id: quoteId, kind: 'acompte', percent_bp: 3000, payment_delay_days: 10 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; number: string; totals: { total_ttc_cents: number } };
}
const credit = async (id: number, body: Record<string, unknown>) => {
  const res = await as(ctx, alice, { method: 'POST', url: `/api/facture/${id}/avoir`, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { left_to_pay_cents: number; credit_notes: Array<{ id: number; number: string; total_ttc_cents: number }> };
};
const summary = (user: TestUser, id: number) => as(ctx, user, { method: 'GET', url: `/api/paiement/facture/${id}` }).then((r) => r.json().data);
const transfer = (user: TestUser, id: number) => as(ctx, user, { method: 'GET', url: `/api/facture/${id}/virement` }).then((r) => r.json().data);
const bell = (user: TestUser) => as(ctx, user, { method: 'GET', url: '/api/notifications?per_page=100' }).then((r) => r.json().data);

describe('a credited invoice stops asking to be paid', () => {
  it('a total avoir: nothing left, no pay link, no card, no transfer to declare; the bell no longer says « à régler »; the client gets the avoir', async () => {
    const d = await deposit();
    const before = await summary(carol, d.id);
    expect(before).toMatchObject({ can_pay: true, left_to_pay_cents: d.totals.total_ttc_cents });
    expect(before.pay_link).not.toBeNull();
    const issuedBell = (await bell(carol)).items.filter((n: { link: string }) => n.link === `/facture/${d.id}`);
    expect(issuedBell.map((n: { kind: string; read_at: string | null }) => [n.kind, n.read_at])).toEqual([['invoice_issued', null]]);

    const after = await credit(d.id, { reason: 'Annulation du chantier' });
    const note = after.credit_notes[0];
    expect(after.left_to_pay_cents).toBe(0);
    for (const user of [carol, alice]) {
      const s = await summary(user, d.id);
      expect(s).toMatchObject({ left_to_pay_cents: 0, can_pay: false, pay_link: null });
      const t = await transfer(user, d.id);
      expect(t).toMatchObject({ left_to_pay_cents: 0, can_declare: false });
    }
    const checkout = await as(ctx, carol, { method: 'POST', url: `/api/paiement/checkout/${d.id}`, payload: {} });
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().error.code).toBe('PAYMENT_INVOICE_CANCELLED');

    // The bell: the invoice's « à régler » is read; the avoir is the new unread line.
    const list = await bell(carol);
    const about = list.items.filter((n: { link: string }) => n.link === `/facture/${d.id}`);
    expect(about.find((n: { kind: string }) => n.kind === 'invoice_issued').read_at).not.toBeNull();
    const told = about.find((n: { kind: string }) => n.kind === 'credit_note_issued');
    expect(told).toMatchObject({ read_at: null, params: { number: note.number, invoice: d.number, amount: note.total_ttc_cents } });
    expect(
      list.items
        .filter((n: { read_at: string | null; kind: string }) => n.read_at === null && n.kind.startsWith('invoice_'))
        .map((n: { link: string }) => n.link),
    ).not.toContain(`/facture/${d.id}`);

    // The mail, with the avoir's PDF.
    const [mail] = await ctx.db
      .select()
      .from(mails)
      .where(and(eq(mails.toAddress, carol.email), like(mails.subject, `Avoir ${note.number}%`)));
    expect(mail.subject).toBe(`Avoir ${note.number} sur la facture ${d.number}`);
    expect(mail.textBody).toContain(`Il n’y a plus rien à régler sur la facture ${d.number}`);
    expect(mail.textBody).toContain('Annulation du chantier');
    expect(mail.attachments).toEqual([{ kind: 'credit-note-pdf', ref: String(note.id) }]);
    const [pdf] = await ctx.app.deps.mailer.resolveAttachments(mail.attachments);
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.filename).toContain(note.number);

    // No reminder, before the due date or after it.
    for (const day of ['2026-11-30T10:00:00Z', '2026-12-04T10:00:00Z', '2026-12-19T10:00:00Z']) {
      clock.set(day);
      await sendInvoiceReminders(ctx.app.deps);
    }
    clock.set('2026-11-23T10:00:00Z');
    expect(
      await ctx.db
        .select()
        .from(mails)
        .where(and(eq(mails.toAddress, carol.email), like(mails.subject, `%${d.number}%`), like(mails.subject, '%Rappel%'))),
    ).toHaveLength(0);
    expect(
      await ctx.db
        .select()
        .from(mails)
        .where(and(eq(mails.toAddress, carol.email), like(mails.subject, `%${d.number} impayée%`))),
    ).toHaveLength(0);
  });

  it('a partial avoir: what is left, the checkout amount, the transfer instructions and the reminder all say TTC − avoir', async () => {
    const d = await deposit();
    const after = await credit(d.id, { amount_cents: 10_000, reason: 'Geste commercial' });
    const left = d.totals.total_ttc_cents - after.credit_notes[0].total_ttc_cents;
    expect(after.left_to_pay_cents).toBe(left);
    expect(await summary(carol, d.id)).toMatchObject({ can_pay: true, left_to_pay_cents: left });
    expect(await transfer(carol, d.id)).toMatchObject({ left_to_pay_cents: left, can_declare: true });
    const checkout = await as(ctx, carol, { method: 'POST', url: `/api/paiement/checkout/${d.id}`, payload: {} });
    expect(checkout.statusCode, checkout.body).toBe(201);
    expect(checkout.json().data.amount_cents).toBe(left);
    const [mail] = await ctx.db
      .select()
      .from(mails)
      .where(and(eq(mails.toAddress, carol.email), like(mails.subject, `Avoir ${after.credit_notes[0].number}%`)));
    expect(mail.textBody).toContain(`Il reste ${formatEuros(left)} à régler sur la facture ${d.number}`);
    // The reminder three days before the due date (3 December) asks what is left.
    clock.set('2026-11-30T10:00:00Z');
    await sendInvoiceReminders(ctx.app.deps);
    clock.set('2026-11-23T10:00:00Z');
    const [reminder] = await ctx.db
      .select()
      .from(mails)
      .where(and(eq(mails.toAddress, carol.email), like(mails.subject, `Rappel : facture ${d.number}%`)));
    expect(reminder.textBody).toContain(`Reste à payer : ${formatEuros(left)}`);
  });

  it('the avoir is in the client’s e-mail choices (always mailed), and an English client reads it in English — what it credits and what is left — with the PDF', async () => {
    const settings = (await as(ctx, carol, { method: 'GET', url: '/api/notifications/preferences' })).json().data;
    expect(settings.choices).toContainEqual({ kind: 'credit_note_issued', group: 'invoices', email: true, legal: true });
    const ethan = await loginAs(ctx, { user_type: 'client' });
    await ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, ethan.id));
    const d = await deposit(ethan);
    const after = await credit(d.id, { reason: 'Cancelled works' });
    const [mail] = await ctx.db
      .select()
      .from(mails)
      .where(and(eq(mails.toAddress, ethan.email), like(mails.subject, '%Credit note%')));
    expect(mail.subject).toBe(`Credit note ${after.credit_notes[0].number} on invoice ${d.number}`);
    expect(mail.attachments).toEqual([{ kind: 'credit-note-pdf', ref: String(after.credit_notes[0].id) }]);
    expect(mail.textBody).toContain('Reason: Cancelled works');
    expect(mail.textBody).toContain(`Nothing is left to pay on the invoice ${d.number}.`);
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, d.id));
    expect(row.creditedCents).toBe(row.totalTtcCents);
  });
});
