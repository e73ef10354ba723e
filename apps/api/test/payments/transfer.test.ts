import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mails, payments } from '@ouvrage/db';
import { FixedClock, formatCreditorReference, invoiceCreditorReference, isValidCreditorReference } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { completeProfile } from '../quotes/factories';
import { quoteInStatus } from '../invoices/factories';

/** Bank transfers (decision 0731): instructions, the client's declaration, the admin's confirmation. */
const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let admin: TestUser;
let alice: TestUser;
let carol: TestUser;
let dave: TestUser;

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé', firstname: 'Alice' });
  carol = await loginAs(ctx, { user_type: 'client', firstname: 'Claire', lastname: 'Martin' });
  dave = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, alice.id);
  const settings = await as(ctx, alice, {
    method: 'PATCH',
    url: '/api/facture/parametre',
    payload: { iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP', tva_on_debits: false },
  });
  expect(settings.statusCode, settings.body).toBe(200);
});

type Json = Record<string, any>;

/** A deposit of `amount` cents issued by Alice to Carol. */
async function deposit(amount = 100_000): Promise<Json> {
  const quoteId = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id });
  const res = await as(ctx, alice, { method: 'POST', url: '/api/facture', payload: { quote_id: quoteId, kind: 'acompte', amount_cents: amount } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const instructions = (user: TestUser, id: number) => as(ctx, user, { method: 'GET', url: `/api/facture/${id}/virement` });
const declare = (user: TestUser, id: number, payload: Json) => as(ctx, user, { method: 'POST', url: `/api/facture/${id}/virement`, payload });
const confirm = (user: TestUser, id: number, payload: Json) => as(ctx, user, { method: 'POST', url: `/api/valider-paiement-facture/${id}`, payload });
const detail = async (id: number) => (await as(ctx, carol, { method: 'GET', url: `/api/get-facture-detail/${id}` })).json().data;

describe('transfer instructions', () => {
  it('give the IBAN and BIC frozen at issue and a valid RF reference unique to the invoice', async () => {
    const invoice = await deposit();
    const res = await instructions(carol, invoice.id);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPP',
      left_to_pay_cents: 100_000,
      can_declare: true,
      can_confirm: false,
      transfers: [],
    });
    expect(isValidCreditorReference(data.reference)).toBe(true);
    expect(data.reference).toBe(invoiceCreditorReference({ id: invoice.id, number: invoice.number }));
    const other = await deposit();
    expect((await instructions(carol, other.id)).json().data.reference).not.toBe(data.reference);
    // The issuer reads them but does not declare; someone else's client is refused.
    expect((await instructions(alice, invoice.id)).json().data.can_declare).toBe(false);
    expect((await instructions(dave, invoice.id)).statusCode).toBe(403);
    expect((await instructions(admin, invoice.id)).json().data.can_confirm).toBe(true);
  });
});

function pdftotext(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'ouvrage-transfer-'));
  try {
    writeFileSync(join(dir, 'f.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'f.pdf'), '-'], { encoding: 'utf8' }).replace(/[\s\u00a0\u202f]+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the invoice PDF', () => {
  it('prints the bank details with the RF reference to quote, not the invoice number', async () => {
    const invoice = await deposit();
    const res = await as(ctx, carol, { method: 'GET', url: `/api/facture/${invoice.id}/pdf` });
    expect(res.statusCode).toBe(200);
    const text = pdftotext(res.rawPayload);
    expect(text).toContain('IBAN : FR76 3000 6000 0112 3456 7890 189');
    expect(text).toContain(`Référence (à rappeler) : ${formatCreditorReference(invoiceCreditorReference({ id: invoice.id, number: invoice.number }))}`);
  });
});

describe('declaring and confirming', () => {
  it('a declaration is a pending transfer; the admin confirms part then the rest: Partiellement payée then Payée, with mails', async () => {
    const invoice = await deposit(100_000);
    const declared = await declare(carol, invoice.id, { amount_cents: 100_000, declared_on: '2026-11-22' });
    expect(declared.statusCode, declared.body).toBe(201);
    const t = declared.json().data;
    expect(t).toMatchObject({
      invoice_id: invoice.id,
      status: 'en_attente',
      amount_cents: 100_000,
      declared_on: '2026-11-22',
      reference: invoiceCreditorReference(invoice as { id: number; number: string }),
    });
    expect((await detail(invoice.id)).status).toBe('Émise');
    // A declaration covering what is left: nothing more to declare until it is confirmed.
    expect((await instructions(carol, invoice.id)).json().data).toMatchObject({ can_declare: false, transfers: [{ id: t.id, status: 'en_attente' }] });

    const pending = await as(ctx, admin, { method: 'GET', url: '/api/admin/virements' });
    expect(pending.statusCode).toBe(200);
    expect(pending.json().data.items.map((i: Json) => i.id)).toContain(t.id);

    // Only 600 € arrived: confirmed for that amount.
    const partial = await confirm(admin, invoice.id, { payment_id: t.id, amount_cents: 60_000, received_on: '2026-11-23' });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().data).toMatchObject({
      invoice_status: 'Partiellement payée',
      transfer: { status: 'confirme', amount_cents: 60_000, received_on: '2026-11-23', left_to_pay_cents: 40_000 },
    });
    expect((await detail(invoice.id)).status).toBe('Partiellement payée');
    // Confirming the same declaration again changes nothing.
    const again = await confirm(admin, invoice.id, { payment_id: t.id, amount_cents: 60_000, received_on: '2026-11-23' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('TRANSFER_NOT_PENDING');
    expect((await detail(invoice.id)).paid_cents).toBe(60_000);

    // The rest arrives without a declaration: the admin records it.
    const rest = await confirm(admin, invoice.id, { payment_id: null, amount_cents: 40_000, received_on: '2026-11-23' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data.invoice_status).toBe('Payée');
    const d = await detail(invoice.id);
    expect(d).toMatchObject({ status: 'Payée', paid_cents: 100_000, left_to_pay_cents: 0 });

    const sent = await ctx.db.select().from(mails).where(eq(mails.toAddress, carol.email));
    expect(sent.map((m) => m.subject)).toContain(`Virement reçu — facture ${invoice.number}`);
    const toIssuer = await ctx.db.select().from(mails).where(eq(mails.toAddress, alice.email));
    expect(toIssuer.filter((m) => m.subject === `Paiement reçu — facture ${invoice.number}`)).toHaveLength(2);
    const toAdmin = await ctx.db.select().from(mails).where(eq(mails.toAddress, admin.email));
    expect(toAdmin.find((m) => m.subject === `Virement déclaré — facture ${invoice.number}`)?.textBody).toContain(formatCreditorReference(t.reference));

    // Nothing left: no more declaration.
    const late = await declare(carol, invoice.id, { amount_cents: 100, declared_on: '2026-11-23' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('TRANSFER_NOTHING_LEFT');
    expect((await instructions(carol, invoice.id)).json().data).toMatchObject({ can_declare: false, left_to_pay_cents: 0 });
  });

  it('refuses an over-payment, a cancelled invoice, an amount of zero or less and a future date', async () => {
    const invoice = await deposit(50_000);
    const over = await confirm(admin, invoice.id, { payment_id: null, amount_cents: 50_001, received_on: '2026-11-23' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({ code: 'PAYMENT_OVER_DUE', params: { left_cents: 50_000 } });
    // Nothing was kept of the refused confirmation.
    expect(await ctx.db.select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(0);
    const overDeclared = await declare(carol, invoice.id, { amount_cents: 50_001, declared_on: '2026-11-23' });
    expect(overDeclared.statusCode).toBe(409);
    expect(overDeclared.json().error.code).toBe('PAYMENT_OVER_DUE');

    for (const amount of [0, -100]) {
      const res = await confirm(admin, invoice.id, { payment_id: null, amount_cents: amount, received_on: '2026-11-23' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.amount_cents).toMatch(/supérieur à 0/);
      expect((await declare(carol, invoice.id, { amount_cents: amount, declared_on: '2026-11-23' })).statusCode).toBe(400);
    }
    const future = await declare(carol, invoice.id, { amount_cents: 100, declared_on: '2026-11-24' });
    expect(future.statusCode).toBe(409);
    expect(future.json().error.code).toBe('TRANSFER_DATE_IN_FUTURE');

    const declared = (await declare(carol, invoice.id, { amount_cents: 50_000, declared_on: '2026-11-23' })).json().data;
    const credit = await as(ctx, alice, {
      method: 'POST',
      url: `/api/facture/${invoice.id}/avoir`,
      payload: { amount_cents: null, reason: 'Erreur de facturation' },
    });
    expect(credit.statusCode, credit.body).toBe(201);
    const cancelled = await confirm(admin, invoice.id, { payment_id: declared.id, amount_cents: 50_000, received_on: '2026-11-23' });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error.code).toBe('PAYMENT_INVOICE_CANCELLED');
    expect((await declare(carol, invoice.id, { amount_cents: 100, declared_on: '2026-11-23' })).json().error.code).toBe('PAYMENT_INVOICE_CANCELLED');
  });

  it('only the admin confirms; only the invoice’s client declares', async () => {
    const invoice = await deposit(10_000);
    for (const user of [carol, alice, dave])
      expect((await confirm(user, invoice.id, { payment_id: null, amount_cents: 10_000, received_on: '2026-11-23' })).statusCode).toBe(403);
    expect((await declare(dave, invoice.id, { amount_cents: 10_000, declared_on: '2026-11-23' })).statusCode).toBe(403);
    expect((await declare(alice, invoice.id, { amount_cents: 10_000, declared_on: '2026-11-23' })).statusCode).toBe(403);
    expect((await as(ctx, carol, { method: 'GET', url: '/api/admin/virements' })).statusCode).toBe(403);
    expect((await detail(invoice.id)).paid_cents).toBe(0);
  });

  it('a declaration of another invoice cannot be confirmed on this one', async () => {
    const a = await deposit(10_000);
    const b = await deposit(10_000);
    const t = (await declare(carol, a.id, { amount_cents: 10_000, declared_on: '2026-11-23' })).json().data;
    const res = await confirm(admin, b.id, { payment_id: t.id, amount_cents: 10_000, received_on: '2026-11-23' });
    expect(res.statusCode).toBe(404);
  });
});
