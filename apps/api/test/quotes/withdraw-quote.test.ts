import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mails, notifications, quotes } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { quoteInStatus } from '../invoices/factories';
import { completeProfile } from './factories';

/** A consumer's withdrawal within 14 days of signing (C. conso. L221-18, decision 1053). */
const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let architect: TestUser;
let client: TestUser;
let other: TestUser;

beforeAll(async () => {
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  client = await loginAs(ctx, { user_type: 'client' });
  other = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, architect.id);
});

async function signedQuote(options: { signedAt?: string; typeClient?: 'entreprise'; urgentRepair?: boolean; status?: 'Signé' | 'Validé' } = {}) {
  const id = await quoteInStatus(ctx.db, { issuerId: architect.id, clientId: client.id, status: options.status ?? 'Validé', typeClient: options.typeClient });
  await ctx.db
    .update(quotes)
    .set({ signedAt: new Date(options.signedAt ?? '2026-11-20T09:00:00Z'), urgentRepair: options.urgentRepair ?? false })
    .where(eq(quotes.id, id));
  return id;
}
const withdraw = (user: TestUser, id: number) => as(ctx, user, { method: 'POST', url: `/api/devis/${id}/retractation` });
const detail = async (user: TestUser, id: number) => (await as(ctx, user, { method: 'GET', url: `/api/get-details-devis/${id}` })).json().data;

describe('withdrawal from a signed quote', () => {
  it('within 14 days: the quote becomes « Rétracté » with its signature kept, the architect is told, and nothing can be invoiced', async () => {
    const id = await signedQuote();
    expect((await detail(client, id)).withdrawal).toEqual({ deadline: '2026-12-04', open: true, withdrawn_at: null });
    const res = await withdraw(client, id);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      status: 'Rétracté',
      signed_at: '2026-11-20T09:00:00.000Z',
      withdrawal: { deadline: '2026-12-04', open: false, withdrawn_at: '2026-11-23T10:00:00.000Z' },
    });
    const [told] = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, architect.id), eq(notifications.kind, 'quote_withdrawn')));
    expect(told).toMatchObject({ link: `/devis/${id}` });
    const [mail] = await ctx.db.select().from(mails).where(eq(mails.toAddress, architect.email));
    expect(mail.subject).toContain('Rétractation sur le devis');
    const invoice = await as(ctx, architect, { method: 'POST', url: '/api/facture', payload: { quote_id: id, kind: 'acompte', percent_bp: 3000 } });
    expect(invoice.statusCode).toBe(409);
    expect(invoice.json().error.code).toBe('INVOICE_QUOTE_WITHDRAWN');
    expect((await withdraw(client, id)).json().error.code).toBe('QUOTE_ALREADY_WITHDRAWN');
  });

  it('on the last day still; the day after, a clear 409 and nothing changes', async () => {
    const lastDay = await signedQuote({ signedAt: '2026-11-09T15:00:00Z', status: 'Signé' }); // 14 days: 23/11
    expect((await withdraw(client, lastDay)).statusCode).toBe(200);
    const late = await signedQuote({ signedAt: '2026-11-02T15:00:00Z' });
    const res = await withdraw(client, late);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'QUOTE_WITHDRAWAL_EXPIRED', params: { date: '2026-11-16' } });
    expect((await detail(client, late)).status).toBe('Validé');
  });

  it('is refused for a business client, an urgent repair the consumer asked for, an unsigned quote; only the quote’s own client may ask', async () => {
    const business = await signedQuote({ typeClient: 'entreprise' });
    expect((await withdraw(client, business)).json().error.code).toBe('QUOTE_WITHDRAWAL_BUSINESS');
    expect((await detail(client, business)).withdrawal).toBeNull();
    const urgent = await signedQuote({ urgentRepair: true });
    expect((await withdraw(client, urgent)).json().error.code).toBe('QUOTE_WITHDRAWAL_URGENT_REPAIR');
    const accepted = await quoteInStatus(ctx.db, { issuerId: architect.id, clientId: client.id, status: 'Accepté' });
    expect((await withdraw(client, accepted)).json().error.code).toBe('QUOTE_WITHDRAWAL_NOT_SIGNED');
    const id = await signedQuote();
    expect((await withdraw(other, id)).statusCode).toBe(403);
    expect((await withdraw(architect, id)).statusCode).toBe(403);
    expect((await detail(client, id)).status).toBe('Validé');
  });
});
