import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { invoices, mails, notifications, paymentEvents, payments, quotes, sepaMandates, users } from '@ouvrage/db';
import type { FixedClock } from '@ouvrage/domain';
import { prepareDueMilestones } from '../../src/modules/payment-schedule';
import { as, type TestContext, type TestUser } from '../helpers';
import { quoteInStatus } from '../invoices/factories';

/**
 * SEPA direct debit tests (decision 1223): a consumer's contract with a schedule — a deposit at
 * signature, a stage, the balance at réception — signed, its deposit invoice issued; and what to
 * read back (the contract's mandates, a payment, its events, notices and mails).
 */

export const SCHEDULE = {
  contract_kind: 'travaux',
  milestones: [
    { trigger: { kind: 'signature' }, percent_bp: 3000 },
    { trigger: { kind: 'stage', stage: 'fin_gros_oeuvre' }, percent_bp: 3000 },
    { trigger: { kind: 'stage', stage: 'reception' }, percent_bp: 4000 },
  ],
};

export const IBANS = {
  succeeds: 'FR14 2004 1010 0505 0001 3M02 606',
  insufficientFunds: 'FR30 2004 1010 0505 0001 3M02 609',
  mandateRevoked: 'FR84 2004 1010 0505 0001 3M02 607',
};

const scheduleUrl = (quoteId: number, tail = '') => `/api/devis/${quoteId}/echeancier${tail}`;

/**
 * The architect's contract with the client: drafted with the schedule on 23 November 2026, signed
 * the 24th; on 9 December (the withdrawal period over) the deposit is prepared and issued.
 * Returns the quote and the deposit invoice.
 */
export async function contractWithDeposit(ctx: TestContext, clock: FixedClock, architect: TestUser, client: TestUser) {
  clock.set('2026-11-23T10:00:00Z');
  const quoteId = await quoteInStatus(ctx.db, { issuerId: architect.id, clientId: client.id, status: 'Brouillon' });
  const put = await as(ctx, architect, { method: 'PUT', url: scheduleUrl(quoteId), payload: SCHEDULE });
  expect(put.statusCode, put.body).toBe(200);
  await ctx.db
    .update(quotes)
    .set({ status: 'Validé', signedAt: new Date('2026-11-24T10:00:00Z'), validatedAt: new Date('2026-11-24T10:00:00Z') })
    .where(eq(quotes.id, quoteId));
  clock.set('2026-12-09T10:00:00Z');
  await prepareDueMilestones(ctx.app.deps, { error: () => {} });
  const emit = await issueMilestone(ctx, architect, quoteId, 0);
  expect(emit.statusCode, emit.body).toBe(200);
  const [deposit] = await invoicesOf(ctx, quoteId);
  return { quoteId, depositId: deposit.id };
}

export const markStage = (ctx: TestContext, architect: TestUser, quoteId: number, position: number) =>
  as(ctx, architect, { method: 'POST', url: scheduleUrl(quoteId, '/etape-atteinte'), payload: { position } });
export const issueMilestone = (ctx: TestContext, architect: TestUser, quoteId: number, position: number) =>
  as(ctx, architect, { method: 'POST', url: scheduleUrl(quoteId, '/emettre'), payload: { position } });

/** The stage reached and its invoice issued: the invoice. */
export async function issueStage(ctx: TestContext, architect: TestUser, quoteId: number, position: number) {
  expect((await markStage(ctx, architect, quoteId, position)).statusCode).toBe(200);
  const res = await issueMilestone(ctx, architect, quoteId, position);
  expect(res.statusCode, res.body).toBe(200);
  return (await invoicesOf(ctx, quoteId)).at(-1)!;
}

export const invoicesOf = (ctx: TestContext, quoteId: number) => ctx.db.select().from(invoices).where(eq(invoices.quoteId, quoteId)).orderBy(asc(invoices.id));
export const invoiceRow = async (ctx: TestContext, id: number) => (await ctx.db.select().from(invoices).where(eq(invoices.id, id)))[0];
export const mandatesOf = (ctx: TestContext, quoteId: number) =>
  ctx.db.select().from(sepaMandates).where(eq(sepaMandates.quoteId, quoteId)).orderBy(asc(sepaMandates.id));
export const paymentsOfInvoice = (ctx: TestContext, invoiceId: number) =>
  ctx.db.select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(asc(payments.id));
export const paymentRow = async (ctx: TestContext, id: number) => (await ctx.db.select().from(payments).where(eq(payments.id, id)))[0];
export const eventsOf = (ctx: TestContext, paymentId: number) => ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
export const noticesOf = (ctx: TestContext, userId: number, kind: string) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
export async function mailsTo(ctx: TestContext, userId: number, subjectStart: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  return (await ctx.db.select().from(mails).where(eq(mails.toAddress, user.email))).filter((m) => m.subject.startsWith(subjectStart));
}

/** The client opens a checkout on the invoice: the payment and the pay token. */
export async function openCheckout(ctx: TestContext, client: TestUser, invoiceId: number) {
  const res = await as(ctx, client, { method: 'POST', url: `/api/paiement/checkout/${invoiceId}`, payload: {} });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { payment_id: number; token: string; url: string; amount_cents: number };
}

export const payBySepa = (ctx: TestContext, client: TestUser | null, paymentId: number, body: Record<string, unknown>) =>
  as(ctx, client, { method: 'POST', url: `/api/paiement/simulation-sepa/${paymentId}`, payload: { accept_mandate: true, ...body } });

export const summary = async (ctx: TestContext, who: TestUser, invoiceId: number) => {
  const res = await as(ctx, who, { method: 'GET', url: `/api/paiement/facture/${invoiceId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
