import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mails } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { sendInvoiceReminders } from '../../src/modules/invoices';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { completeProfile } from '../quotes/factories';
import { quoteInStatus } from './factories';

/** The 40 € recovery fee is owed between professionals only (C. com. L441-10, D441-5; decision 1052): the overdue reminder says so to a business client, never to a consumer. */
const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let architect: TestUser;
let consumer: TestUser;
let company: TestUser;

beforeAll(async () => {
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  consumer = await loginAs(ctx, { user_type: 'client' });
  company = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, architect.id);
});

async function overdueReminderOf(client: TestUser, typeClient: 'particulier' | 'entreprise') {
  const quoteId = await quoteInStatus(ctx.db, { issuerId: architect.id, clientId: client.id, typeClient });
  const res = await as(ctx, architect, {
    method: 'POST',
    url: '/api/facture',
    payload: { quote_id: quoteId, kind: 'acompte', percent_bp: 3000, payment_delay_days: 10 },
  });
  expect(res.statusCode, res.body).toBe(201);
  const number = res.json().data.number as string;
  clock.set('2026-12-04T10:00:00Z'); // the day after the due date
  await sendInvoiceReminders(ctx.app.deps);
  clock.set('2026-11-23T10:00:00Z');
  const [mail] = await ctx.db
    .select()
    .from(mails)
    .where(and(eq(mails.toAddress, client.email), like(mails.subject, `%${number} impayée%`)));
  return mail.textBody;
}

describe('the overdue reminder', () => {
  it('names the 40 € recovery fee to a business client only', async () => {
    const toConsumer = await overdueReminderOf(consumer, 'particulier');
    expect(toConsumer).toContain('Des pénalités de retard peuvent s’appliquer');
    expect(toConsumer).not.toContain('40 €');
    expect(toConsumer).not.toContain('frais de recouvrement');
    expect(await overdueReminderOf(company, 'entreprise')).toContain('indemnité forfaitaire de 40 € pour frais de recouvrement');
  });
});
