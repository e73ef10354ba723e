import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { settleSimulatedDebits, submitSepaDebit } from '../../src/modules/payments';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { completeProfile } from '../quotes/factories';
import {
  contractWithDeposit,
  eventsOf,
  IBANS,
  invoiceRow,
  issueStage,
  mailsTo,
  mandatesOf,
  noticesOf,
  openCheckout,
  payBySepa,
  paymentRow,
  paymentsOfInvoice,
  summary,
} from './sepa-helpers';

/**
 * SEPA direct debit on the simulated checkout (decision 1223), through the API on a real database:
 * the mandate accepted once per contract (IBAN checked), a debit « en cours » that the simulated
 * bank answers three days later — money received, or rejected (insufficient funds, mandate revoked)
 * which reopens the invoice and tells both sides — the pre-notification of a later milestone's
 * debit and the debit on its day, a revoked mandate stopping later debits, each answer applied once.
 */

const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
const DAY = 86_400_000;
let alice: TestUser;
let carol: TestUser;

beforeAll(async () => {
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, alice.id);
});

const settle = () => settleSimulatedDebits(ctx.app.deps);

/** The deposit paid by SEPA debit on the simulated page with `iban`: the contract, its deposit and the payment. */
async function depositDebited(iban: string) {
  const contract = await contractWithDeposit(ctx, clock, alice, carol);
  const { payment_id } = await openCheckout(ctx, carol, contract.depositId);
  const res = await payBySepa(ctx, carol, payment_id, { holder_name: 'Carole Client', iban });
  expect(res.statusCode, res.body).toBe(200);
  return { ...contract, paymentId: payment_id, outcome: res.json().data };
}

describe('the mandate on the simulated checkout', () => {
  it('refuses a bad IBAN with 400, its code and a clear message on its field, and changes nothing', async () => {
    const { depositId, quoteId } = await contractWithDeposit(ctx, clock, alice, carol);
    const { payment_id } = await openCheckout(ctx, carol, depositId);
    for (const [iban, problem] of [
      ['FR14 2004 1010 0505 0001 3M02 605', 'checksum'],
      ['US12 3456 7890 1234 5678 90', 'not_sepa'],
      ['FR14 2004 1010 0505', 'length'],
      ['pas un iban', 'format'],
    ] as const) {
      const res = await payBySepa(ctx, carol, payment_id, { holder_name: 'Carole Client', iban });
      expect(res.statusCode, iban).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'PAYMENT_IBAN_INVALID', params: { problem } });
      expect(res.json().error.fields.iban).toMatch(/IBAN|SEPA/);
    }
    const unaccepted = await as(ctx, carol, {
      method: 'POST',
      url: `/api/paiement/simulation-sepa/${payment_id}`,
      payload: { holder_name: 'Carole Client', iban: IBANS.succeeds },
    });
    expect(unaccepted.statusCode).toBe(400);
    expect(await mandatesOf(ctx, quoteId)).toEqual([]);
    expect(await paymentRow(ctx, payment_id)).toMatchObject({ method: 'carte', status: 'en_attente', mandateId: null });
  });

  it('is accepted once per contract: the debit en cours under it, a second IBAN refused, two acceptances at once make one mandate', async () => {
    const { depositId, quoteId } = await contractWithDeposit(ctx, clock, alice, carol);
    const first = await openCheckout(ctx, carol, depositId);
    const second = await openCheckout(ctx, carol, depositId);
    const both = await Promise.all([
      payBySepa(ctx, carol, first.payment_id, { holder_name: 'Carole Client', iban: IBANS.succeeds }),
      payBySepa(ctx, carol, second.payment_id, { holder_name: 'Carole Client', iban: IBANS.succeeds }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().error.code).toBe('PAYMENT_MANDATE_EXISTS');
    const [mandate, ...others] = await mandatesOf(ctx, quoteId);
    expect(others).toEqual([]);
    expect(mandate).toMatchObject({ status: 'active', reference: `OUV-D${quoteId}-M1`, ibanLast4: '2606', bankCountry: 'FR', holderName: 'Carole Client' });

    // The invoice page: the mandate (RUM, creditor), the debit « en cours », no other payment meanwhile.
    const page = await summary(ctx, carol, depositId);
    expect(page.sepa).toMatchObject({
      creditor_id: 'FR72ZZZ123456',
      next_reference: null,
      mandate: { reference: mandate.reference, iban_last4: '2606', can_revoke: true },
    });
    expect(page.debit_in_progress).toBe(true);
    expect(page.can_pay).toBe(false);
    const debit = page.payments.find((p: any) => p.method === 'prelevement');
    expect(debit).toMatchObject({ status: 'en_attente', debit_submitted: true, debit_on: '2026-12-09' });
    const refused = await as(ctx, carol, { method: 'POST', url: `/api/paiement/checkout/${depositId}`, payload: {} });
    expect(refused.json().error.code).toBe('PAYMENT_DEBIT_IN_PROGRESS');
  });
});

describe('debits answered days later', () => {
  it('succeeds three days later: confirmed once, however often (and concurrently) the bank’s answer is applied', async () => {
    const { depositId, paymentId } = await depositDebited(IBANS.succeeds);
    const before = await invoiceRow(ctx, depositId);
    clock.advance(2 * DAY);
    expect(await settle()).toBe(0);
    expect((await paymentRow(ctx, paymentId)).status).toBe('en_attente');
    clock.advance(DAY + 60_000);
    await Promise.all([settle(), settle(), settle()]);
    await settle();
    expect(await paymentRow(ctx, paymentId)).toMatchObject({ status: 'confirme', method: 'prelevement' });
    expect((await invoiceRow(ctx, depositId)).paidCents).toBe(before.totalTtcCents);
    expect(await eventsOf(ctx, paymentId)).toHaveLength(1);
    expect(await mailsTo(ctx, carol.id, 'Prélèvement reçu')).not.toHaveLength(0);
  });

  it('rejected for insufficient funds: the payment failed, the invoice due again, client and architect told', async () => {
    const { depositId, paymentId } = await depositDebited(IBANS.insufficientFunds);
    const clientNotices = (await noticesOf(ctx, carol.id, 'sepa_debit_failed')).length;
    const architectNotices = (await noticesOf(ctx, alice.id, 'sepa_debit_failed')).length;
    clock.advance(3 * DAY + 60_000);
    await Promise.all([settle(), settle()]);
    expect(await paymentRow(ctx, paymentId)).toMatchObject({ status: 'echoue', failureReason: 'insufficient_funds' });
    expect((await invoiceRow(ctx, depositId)).paidCents).toBe(0);
    expect(await eventsOf(ctx, paymentId)).toHaveLength(1);
    expect(await noticesOf(ctx, carol.id, 'sepa_debit_failed')).toHaveLength(clientNotices + 1);
    expect(await noticesOf(ctx, alice.id, 'sepa_debit_failed')).toHaveLength(architectNotices + 1);
    const page = await summary(ctx, carol, depositId);
    expect(page).toMatchObject({ can_pay: true, debit_in_progress: false });
    expect(page.left_to_pay_cents).toBeGreaterThan(0);
    expect(page.payments.find((p: any) => p.id === paymentId)).toMatchObject({ status: 'echoue', failure: 'insufficient_funds' });
    const [mail] = await mailsTo(ctx, alice.id, 'Prélèvement rejeté');
    expect(mail.textBody).toContain('provision insuffisante');
  });

  it('rejected because the mandate was revoked at the bank: the mandate is revoked too', async () => {
    const { quoteId, paymentId } = await depositDebited(IBANS.mandateRevoked);
    clock.advance(3 * DAY + 60_000);
    await settle();
    expect(await paymentRow(ctx, paymentId)).toMatchObject({ status: 'echoue', failureReason: 'mandate_revoked' });
    expect(await mandatesOf(ctx, quoteId)).toEqual([expect.objectContaining({ status: 'revoked', revokedReason: 'bank' })]);
  });
});

describe('later milestones debited from the mandate', () => {
  it('announces the debit when the invoice is issued (amount, date, RUM), takes it on its day, settles it days later', async () => {
    const { quoteId, paymentId } = await depositDebited(IBANS.succeeds);
    clock.advance(3 * DAY + 60_000);
    await settle();
    const [mandate] = await mandatesOf(ctx, quoteId);

    clock.set('2027-01-11T10:00:00Z');
    const invoice = await issueStage(ctx, alice, quoteId, 1);
    const [debit] = await paymentsOfInvoice(ctx, invoice.id);
    // 14 days' notice at least, never before the due date, on a working day.
    expect(debit).toMatchObject({ method: 'prelevement', status: 'en_attente', mandateId: mandate.id, submittedAt: null, amountCents: invoice.totalTtcCents });
    expect(debit.debitOn! >= '2027-01-25' && debit.debitOn! >= invoice.dueDate).toBe(true);
    const [notice] = await mailsTo(ctx, carol.id, 'Prélèvement SEPA le');
    expect(notice.textBody).toContain(mandate.reference);
    expect(notice.textBody).toContain('FR72ZZZ123456');
    expect(notice.textBody).toMatch(/se terminant par 2606/);
    expect(await noticesOf(ctx, carol.id, 'sepa_debit_announced')).not.toHaveLength(0);
    const [job] = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `sepa-debit-${debit.id}`));
    expect(job).toMatchObject({ kind: 'payments.sepa-debit', payload: { payment_id: debit.id } });

    // On its day the job hands it to the bank (twice: once); three days later the money is there.
    clock.set(`${debit.debitOn}T06:00:00Z`);
    await Promise.all([submitSepaDebit(ctx.app.deps, debit.id), submitSepaDebit(ctx.app.deps, debit.id)]);
    expect(await paymentRow(ctx, debit.id)).toMatchObject({ status: 'en_attente', checkoutId: `simpi_${debit.id}` });
    clock.advance(3 * DAY + 60_000);
    await settle();
    expect(await paymentRow(ctx, debit.id)).toMatchObject({ status: 'confirme' });
    expect((await invoiceRow(ctx, invoice.id)).paidCents).toBe(invoice.totalTtcCents);
    expect(await eventsOf(ctx, paymentId)).toHaveLength(1);
  });

  it('a mandate the client revokes stops later debits: the announced one is cancelled and never taken', async () => {
    const { quoteId } = await depositDebited(IBANS.succeeds);
    clock.advance(3 * DAY + 60_000);
    await settle();
    clock.set('2027-01-11T10:00:00Z');
    const invoice = await issueStage(ctx, alice, quoteId, 1);
    const [debit] = await paymentsOfInvoice(ctx, invoice.id);
    const [mandate] = await mandatesOf(ctx, quoteId);

    expect((await as(ctx, alice, { method: 'POST', url: `/api/paiement/mandat/${mandate.id}/revocation` })).statusCode).toBe(403);
    const revoke = await as(ctx, carol, { method: 'POST', url: `/api/paiement/mandat/${mandate.id}/revocation` });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json().data).toMatchObject({ status: 'revoked', revoked_reason: 'client', can_revoke: false });
    const again = await as(ctx, carol, { method: 'POST', url: `/api/paiement/mandat/${mandate.id}/revocation` });
    expect(again.json().error.code).toBe('PAYMENT_MANDATE_REVOKED');
    expect(await paymentRow(ctx, debit.id)).toMatchObject({ status: 'annule', failureReason: 'mandate_revoked' });
    expect(await noticesOf(ctx, alice.id, 'sepa_mandate_revoked')).not.toHaveLength(0);

    clock.set(`${debit.debitOn}T06:00:00Z`);
    await submitSepaDebit(ctx.app.deps, debit.id);
    expect(await paymentRow(ctx, debit.id)).toMatchObject({ status: 'annule', checkoutId: null, submittedAt: null });
    // The next milestone: nothing announced, the client pays as before.
    const balance = await issueStage(ctx, alice, quoteId, 2);
    expect(await paymentsOfInvoice(ctx, balance.id)).toEqual([]);
    expect((await summary(ctx, carol, balance.id)).can_pay).toBe(true);
  });
});
