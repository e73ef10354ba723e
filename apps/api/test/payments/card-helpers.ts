import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { invoices, mails, paymentEvents, payments, users } from '@ouvrage/db';
import { TEST_PASSWORD } from '@ouvrage/db/testing';
import { as, loginAs, type TestContext, type TestUser } from '../helpers';
import { ownedInvoice } from '../invoices/factories';

/** Card payment tests (decision 0730): an invoice of 36,00 € TTC to a logged-in client, and what to read back. */

export const INVOICE_TTC = 3_600;

export async function clientWithInvoice(
  ctx: TestContext,
): Promise<{ client: TestUser; invoiceId: number; issuer: { id: number; email: string; token: string } }> {
  const client = await loginAs(ctx, { user_type: 'client' });
  const invoiceId = await ownedInvoice(ctx.db, { id: client.id, user_type: 'client' });
  const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  const [issuerRow] = await ctx.db.select().from(users).where(eq(users.id, invoice.issuerId));
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: issuerRow.email, password: TEST_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return { client, invoiceId, issuer: { id: issuerRow.id, email: issuerRow.email, token: res.json().data.token.token } };
}

export async function paidCents(ctx: TestContext, invoiceId: number): Promise<number> {
  const [row] = await ctx.db.select({ paid: invoices.paidCents }).from(invoices).where(eq(invoices.id, invoiceId));
  return row.paid;
}

export async function paymentRow(ctx: TestContext, id: number) {
  const [row] = await ctx.db.select().from(payments).where(eq(payments.id, id));
  return row;
}

export async function paymentsOf(ctx: TestContext, invoiceId: number) {
  return ctx.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
}

export async function eventsOf(ctx: TestContext, paymentId: number) {
  return ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
}

export async function mailsTo(ctx: TestContext, address: string, subjectStart?: string) {
  const rows = await ctx.db.select().from(mails).where(eq(mails.toAddress, address));
  return subjectStart ? rows.filter((m) => m.subject.startsWith(subjectStart)) : rows;
}

export async function checkout(ctx: TestContext, who: { token: string } | null, invoiceId: number, token?: string) {
  return as(ctx, who, { method: 'POST', url: `/api/paiement/checkout/${invoiceId}`, payload: token ? { token } : {} });
}

export async function authorize(ctx: TestContext, who: { token: string } | null, paymentId: number, token?: string) {
  return as(ctx, who, { method: 'POST', url: `/api/paiement/authorize/${paymentId}`, payload: token ? { token } : {} });
}
