import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { latePaymentRates, quotes } from '@ouvrage/db';
import { FixedClock, requiredMentions, type ClientType } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { pdfText } from '../pdf/pdf-text';
import { completeProfile } from '../quotes/factories';
import { quoteInStatus } from './factories';

/**
 * Every invoice kind and an avoir, for each client type, issued through the API and rendered by the
 * real renderer: the extracted text holds every mention the domain's table requires (decisions
 * 1040, 1050–1052), and no recovery fee is asked of a consumer.
 */
const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let admin: TestUser;
let architect: TestUser;
let client: TestUser;

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  client = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, architect.id);
});

type Detail = Record<string, any>;
async function issued(body: Record<string, unknown>): Promise<Detail> {
  const res = await as(ctx, architect, { method: 'POST', url: '/api/facture', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const issue = (body: Record<string, unknown>) => as(ctx, architect, { method: 'POST', url: '/api/facture', payload: body });
const text = async (url: string) => {
  const res = await as(ctx, client, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload);
};
const quoteFor = async (typeClient: ClientType, latePenaltyBp = 1000) => {
  const id = await quoteInStatus(ctx.db, { issuerId: architect.id, clientId: client.id, typeClient, retentionBp: typeClient === 'entreprise' ? 500 : 0 });
  await ctx.db.update(quotes).set({ latePenaltyBp }).where(eq(quotes.id, id));
  return id;
};

function expectMentions(pdf: string, document: 'facture' | 'avoir', clientType: ClientType, facts: { retention?: boolean } = {}) {
  const missing = requiredMentions(document, clientType, 'travaux', facts).flatMap((m) =>
    m.markers.filter((marker) => !pdf.includes(marker)).map((marker) => `${m.key}: « ${marker} »`),
  );
  expect(missing).toEqual([]);
}

describe('the mentions table on every invoice kind and avoir', () => {
  for (const clientType of ['particulier', 'entreprise'] as const) {
    it(`${clientType}: deposit, situation, balance and an avoir carry every mention the table asks for`, async () => {
      const quoteId = await quoteFor(clientType);
      const deposit = await issued({ quote_id: quoteId, kind: 'acompte', percent_bp: 3000 });
      clock.set('2026-12-10T10:00:00Z');
      const situation = await issued({ quote_id: quoteId, kind: 'situation', progress_bp: [5000, 2500] });
      clock.set('2026-12-20T10:00:00Z');
      const balance = await issued({ quote_id: quoteId, kind: 'solde' });
      const credited = (
        await as(ctx, architect, { method: 'POST', url: `/api/facture/${balance.id}/avoir`, payload: { amount_cents: 1000, reason: 'Geste commercial' } })
      ).json().data;
      clock.set('2026-11-23T10:00:00Z');
      for (const invoice of [deposit, situation, balance]) {
        const pdf = await text(`/api/facture/${invoice.id}/pdf`);
        expectMentions(pdf, 'facture', clientType, { retention: invoice.retention_bp > 0 });
        expect(pdf.includes('Indemnité forfaitaire pour frais de recouvrement'), `${invoice.kind}: the 40 € fee is for business clients only`).toBe(
          clientType === 'entreprise',
        );
      }
      expectMentions(await text(`/api/facture/avoir/${credited.credit_notes[0].id}/pdf`), 'avoir', clientType);
    });
  }
});

describe('the date or period of the service (decision 1050)', () => {
  it('runs from the contract to the issue date, then from the day after the previous one; a deposit without dates says the works are to come', async () => {
    const quoteId = await quoteFor('particulier');
    const deposit = await issued({ quote_id: quoteId, kind: 'acompte', percent_bp: 3000 });
    expect(deposit.service_period).toBeNull();
    expect(await text(`/api/facture/${deposit.id}/pdf`)).toContain('Date ou période de la prestation : travaux à venir');
    const first = await issued({ quote_id: quoteId, kind: 'situation', progress_bp: [5000, 2500] });
    expect(first.service_period).toEqual({ from: '2026-11-03', to: '2026-11-23' });
    expect(await text(`/api/facture/${first.id}/pdf`)).toContain('Date ou période de la prestation : du 03/11/2026 au 23/11/2026.');
    clock.set('2026-12-15T10:00:00Z');
    const second = await issued({ quote_id: quoteId, kind: 'situation', progress_bp: [8000, 5000], service_to: '2026-12-12' });
    expect(second.service_period).toEqual({ from: '2026-11-24', to: '2026-12-12' });
    clock.set('2026-11-23T10:00:00Z');
  });

  it('takes the dates of the issue form, and refuses a period ending after the issue date or starting after its end', async () => {
    const quoteId = await quoteFor('particulier');
    const deposit = await issued({ quote_id: quoteId, kind: 'acompte', percent_bp: 3000, service_from: '2027-01-04', service_to: '2027-02-26' });
    expect(deposit.service_period).toEqual({ from: '2027-01-04', to: '2027-02-26' });
    const future = await issue({ quote_id: quoteId, kind: 'situation', progress_bp: [5000, 2500], service_to: '2026-11-30' });
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toMatchObject({ code: 'INVOICE_SERVICE_PERIOD_FUTURE' });
    const reversed = await issue({ quote_id: quoteId, kind: 'situation', progress_bp: [5000, 2500], service_from: '2026-11-20', service_to: '2026-11-10' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error).toMatchObject({ code: 'INVOICE_SERVICE_PERIOD_ORDER' });
    const bad = await issue({ quote_id: quoteId, kind: 'situation', progress_bp: [5000, 2500], service_from: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the late-payment rate of a business client (C. com. L441-10, decision 1051)', () => {
  it('is never 0 %: a quote at 0 % or below 3 × the legal rate prints the ECB rate + 10 points, with its basis', async () => {
    for (const agreed of [0, 500]) {
      const d = await issued({ quote_id: await quoteFor('entreprise', agreed), kind: 'acompte', percent_bp: 3000 });
      expect(d.late_penalty_bp).toBe(1215);
      expect(d.late_penalty_basis).toEqual({ basis: 'ecb', ecb_rate_bp: 215, half_year_start: '2026-01-01' });
      const pdf = await text(`/api/facture/${d.id}/pdf`);
      expect(pdf).toContain(
        'Pénalités de retard : taux annuel de 12,15 % (taux de refinancement de la BCE de 2,15 % au 01/01/2026, majoré de 10 points, art. L441-10 du code de commerce)',
      );
      expect(pdf).not.toContain('taux annuel de 0,00 %');
    }
  });

  it('keeps an agreed rate of at least 3 × the legal rate; a consumer keeps the quote’s rate as agreed', async () => {
    const business = await issued({ quote_id: await quoteFor('entreprise', 1000), kind: 'acompte', percent_bp: 3000 });
    expect(business).toMatchObject({ late_penalty_bp: 1000, late_penalty_basis: { basis: 'agreed' } });
    const consumer = await issued({ quote_id: await quoteFor('particulier', 0), kind: 'acompte', percent_bp: 3000 });
    expect(consumer).toMatchObject({ late_penalty_bp: 0, late_penalty_basis: null });
  });

  it('follows the half-year the admin enters; an issued invoice keeps the rate it printed', async () => {
    const before = await issued({ quote_id: await quoteFor('entreprise', 0), kind: 'acompte', percent_bp: 3000 });
    const put = (user: TestUser, payload: Record<string, unknown>) => as(ctx, user, { method: 'PUT', url: '/api/admin/taux-penalites', payload });
    expect((await put(architect, { half_year_start: '2026-07-01', ecb_rate_bp: 240, legal_rate_bp: 262 })).statusCode).toBe(403);
    expect((await put(admin, { half_year_start: '2026-03-01', ecb_rate_bp: 240, legal_rate_bp: 262 })).statusCode).toBe(400);
    const low = await put(admin, { half_year_start: '2026-07-01', ecb_rate_bp: 100, legal_rate_bp: 400 });
    expect(low.statusCode).toBe(400);
    expect(low.json().error.code).toBe('LATE_RATE_BELOW_LEGAL_MINIMUM');
    const saved = await put(admin, { half_year_start: '2026-07-01', ecb_rate_bp: 240, legal_rate_bp: 262 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.rates[0]).toMatchObject({ half_year_start: '2026-07-01', default_rate_bp: 1240, minimum_rate_bp: 786 });
    expect(saved.json().data.today).toEqual({ half_year_start: '2026-07-01', applied: '2026-07-01', entered: true });
    const after = await issued({ quote_id: await quoteFor('entreprise', 0), kind: 'acompte', percent_bp: 3000 });
    expect(after).toMatchObject({ late_penalty_bp: 1240, late_penalty_basis: { half_year_start: '2026-07-01' } });
    expect((await as(ctx, architect, { method: 'GET', url: `/api/get-facture-detail/${before.id}` })).json().data.late_penalty_bp).toBe(1215);
    await ctx.db.delete(latePaymentRates).where(eq(latePaymentRates.halfYearStart, '2026-07-01'));
  });

  it('refuses to invoice a business client while no rate is known for the date', async () => {
    const rows = await ctx.db.delete(latePaymentRates).returning();
    try {
      const res = await issue({ quote_id: await quoteFor('entreprise', 0), kind: 'acompte', percent_bp: 3000 });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('LATE_RATE_MISSING');
    } finally {
      await ctx.db.insert(latePaymentRates).values(rows);
    }
  });
});
