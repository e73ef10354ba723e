import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { completeProfile } from '../quotes/factories';
import { quoteInStatus } from './factories';

/**
 * « Émettre une facture » never corrects input (decision 1060): every out-of-range field is a 400
 * with its code and the field named, and nothing is issued or numbered.
 */
const ctx = useTestApp({}, { clock: new FixedClock('2026-11-23T10:00:00Z') });
let alice: TestUser;
let carol: TestUser;

beforeAll(async () => {
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, alice.id);
});

const issue = (body: Record<string, unknown>) => as(ctx, alice, { method: 'POST', url: '/api/facture', payload: body });

describe('issuing refuses out-of-range input, never clamps it', () => {
  it('each field out of range: 400 with its code and field, and no invoice', async () => {
    const quoteId = await quoteInStatus(ctx.db, { issuerId: alice.id, clientId: carol.id });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'acompte', percent_bp: 15_000 }, 'percent_bp'],
      [{ kind: 'acompte', percent_bp: -100 }, 'percent_bp'],
      [{ kind: 'acompte', percent_bp: 30.5 }, 'percent_bp'],
      [{ kind: 'acompte', amount_cents: -500 }, 'amount_cents'],
      [{ kind: 'acompte', amount_cents: 0 }, 'amount_cents'],
      [{ kind: 'acompte', percent_bp: 3000, payment_delay_days: -1 }, 'payment_delay_days'],
      [{ kind: 'acompte', percent_bp: 3000, payment_delay_days: 61 }, 'payment_delay_days'],
      [{ kind: 'acompte', percent_bp: 3000, payment_delay_days: 1.5 }, 'payment_delay_days'],
      [{ kind: 'situation', progress_bp: [25_000, 5000] }, 'progress_bp.0'],
      [{ kind: 'situation', progress_bp: [5000, -1] }, 'progress_bp.1'],
      [{ kind: 'solde', payment_delay_days: -1 }, 'payment_delay_days'],
    ];
    for (const [body, field] of cases) {
      const res = await issue({ quote_id: quoteId, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = res.json().error;
      expect(error.code, JSON.stringify(body)).toBe('VALIDATION');
      expect(Object.keys(error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    // A percentage or progress within the contract's shape but refused by the rule: its own code.
    const lots = await issue({ quote_id: quoteId, kind: 'situation', progress_bp: [5000] });
    expect(lots.statusCode).toBe(400);
    expect(lots.json().error.code).toBe('INVOICE_PROGRESS_LOTS');
    const both = await issue({ quote_id: quoteId, kind: 'acompte', percent_bp: 3000, amount_cents: 1000 });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.code).toBe('INVOICE_DEPOSIT_AMOUNT_REQUIRED');
    expect(await ctx.db.select().from(invoices).where(eq(invoices.quoteId, quoteId))).toHaveLength(0);
    // In range, the same quote issues, due on the day asked.
    const ok = await issue({ quote_id: quoteId, kind: 'acompte', percent_bp: 10_000, payment_delay_days: 0 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ number: 'F-2026-0001', due_date: '2026-11-23' });
  });
});
