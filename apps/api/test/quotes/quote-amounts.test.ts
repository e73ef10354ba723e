import { beforeAll, describe, expect, it } from 'vitest';
import { computeQuoteTotals, FixedClock, withTravelCosts } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { pdfText } from '../pdf/pdf-text';
import { acceptedProject, completeProfile } from './factories';
import { quoteContent, type LineSpec } from './quote-body';

/**
 * A quote's amounts (issue 34 §1, decisions 1001 and 1002): a repair quote's travel costs are in
 * its total, its deposit and its contract; no total, lot or rate below zero can be sent or accepted.
 */
const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let architect: TestUser;
let client: TestUser;
let projectId: number;

beforeAll(async () => {
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  client = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, architect.id);
  projectId = (await acceptedProject(ctx.db, architect.id, client.id)).id;
});

type Lot = { title: string; lines: LineSpec[] };
const domainLots = (lots: Lot[]) =>
  lots.map((lot) => ({
    title: lot.title,
    lines: lot.lines.map((l) => ({
      designation: l.designation,
      quantityMilli: l.quantity_milli,
      unit: l.unit,
      unitPriceCents: l.unit_price_cents,
      tvaRateBp: l.tva_rate_bp,
      discountBp: l.discount_bp ?? 0,
      optional: l.optional ?? false,
    })),
  }));
/** What the editor sends for these lots and travel costs: the domain's totals, travel costs counted. */
function expected(lots: Lot[], travel: number | null) {
  const t = computeQuoteTotals(withTravelCosts(domainLots(lots), travel));
  return { total_ht_cents: t.totalHtCents, total_tva_cents: t.totalTvaCents, total_ttc_cents: t.totalTtcCents };
}

async function draft(lots: Lot[], overrides: Record<string, unknown> = {}) {
  const res = await as(ctx, architect, {
    method: 'POST',
    url: '/api/devis',
    payload: { project_id: projectId, ...quoteContent({ expected_totals: expected(lots, null), ...overrides }, lots) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
}

const repair: Lot[] = [
  {
    title: 'Recherche de fuite',
    lines: [
      { designation: 'Main-d’œuvre', quantity_milli: 2000, unit: 'h', unit_price_cents: 5_500, tva_rate_bp: 1000 },
      { designation: 'Joint et raccord', quantity_milli: 1000, unit: 'u', unit_price_cents: 1_800, tva_rate_bp: 1000 },
    ],
  },
];

describe('travel costs of a repair quote', () => {
  it('are counted in the totals, the deposit, the PDF and the contract at the works’ rate', async () => {
    const q = await draft(repair, { kind: 'depannage', travel_cost_cents: 4_000, is_free: true, expected_totals: expected(repair, 4_000) });
    const sent = await as(ctx, architect, { method: 'POST', url: `/api/send-devis-email/${q.id}` });
    expect(sent.statusCode, sent.body).toBe(200);
    const detail = sent.json().data;
    // 110 + 18 + 40 = 168 € HT at 10 %: 16,80 € of TVA, 184,80 € TTC; deposit 30 % = 55,44 €.
    expect(detail.totals).toMatchObject({ total_ht_cents: 16_800, total_tva_cents: 1_680, total_ttc_cents: 18_480 });
    expect(detail.deposit_cents).toBe(5_544);
    expect(detail.lots.at(-1)).toMatchObject({
      title: 'Frais de déplacement',
      travel: true,
      subtotal_ht_cents: 4_000,
      lines: [{ tva_rate_bp: 1000, net_ht_cents: 4_000 }],
    });
    const pdf = await as(ctx, architect, { method: 'GET', url: `/api/devis/${q.id}/pdf` });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('40,00 € HT');
    expect(text).toContain('184,80 €');
  });

  it('a draft whose totals left them out is refused: the browser and the API count the same', async () => {
    const res = await as(ctx, architect, {
      method: 'POST',
      url: '/api/devis',
      payload: { project_id: projectId, ...quoteContent({ kind: 'depannage', travel_cost_cents: 4_000, expected_totals: expected(repair, null) }, repair) },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('QUOTE_TOTALS_MISMATCH');
  });
});

describe('no amount below zero', () => {
  it('a quote whose total is negative cannot be sent, with a clear message, and stays a draft', async () => {
    const lots: Lot[] = [
      {
        title: 'Travaux',
        lines: [
          { designation: 'Remise exceptionnelle', quantity_milli: 1000, unit: 'forfait', unit_price_cents: -100_000, tva_rate_bp: 2000 },
          { designation: 'Peinture', quantity_milli: 1000, unit: 'forfait', unit_price_cents: 50_000, tva_rate_bp: 2000 },
        ],
      },
    ];
    const q = await draft(lots);
    const sent = await as(ctx, architect, { method: 'POST', url: `/api/send-devis-email/${q.id}`, headers: { 'accept-language': 'fr' } });
    expect(sent.statusCode).toBe(400);
    expect(sent.json().error).toMatchObject({ code: 'QUOTE_TOTAL_NOT_POSITIVE' });
    expect(sent.json().error.message).toContain('Le total du devis doit être positif');
    const after = await as(ctx, architect, { method: 'GET', url: `/api/get-details-devis/${q.id}` });
    expect(after.json().data).toMatchObject({ status: 'Brouillon', number: null });
  });

  it('a deduction at another rate than the works it reduces is refused at sending', async () => {
    const lots: Lot[] = [
      {
        title: 'Cuisine',
        lines: [
          { designation: 'Pose', quantity_milli: 1000, unit: 'forfait', unit_price_cents: 100_000, tva_rate_bp: 1000 },
          { designation: 'Geste commercial', quantity_milli: 1000, unit: 'forfait', unit_price_cents: -20_000, tva_rate_bp: 2000 },
        ],
      },
    ];
    const q = await draft(lots);
    const sent = await as(ctx, architect, { method: 'POST', url: `/api/send-devis-email/${q.id}` });
    expect(sent.statusCode).toBe(400);
    expect(sent.json().error).toMatchObject({ code: 'QUOTE_LOT_RATE_NEGATIVE', params: { lot: 'Cuisine' } });
  });

  it('a negative option the client takes cannot bring the accepted total below zero', async () => {
    const lots: Lot[] = [
      {
        title: 'Travaux',
        lines: [
          { designation: 'Peinture', quantity_milli: 1000, unit: 'forfait', unit_price_cents: 50_000, tva_rate_bp: 2000 },
          {
            designation: 'Option : fourniture par le client',
            quantity_milli: 1000,
            unit: 'forfait',
            unit_price_cents: -60_000,
            tva_rate_bp: 2000,
            optional: true,
          },
        ],
      },
    ];
    const q = await draft(lots);
    const sent = await as(ctx, architect, { method: 'POST', url: `/api/send-devis-email/${q.id}` });
    expect(sent.statusCode, sent.body).toBe(200);
    const option = sent.json().data.lots[0].lines[1];
    const res = await as(ctx, client, { method: 'POST', url: `/api/validate-devis-client/${q.id}`, payload: { chosen_option_ids: [option.id] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('QUOTE_TOTAL_NOT_POSITIVE');
    const after = await as(ctx, client, { method: 'GET', url: `/api/get-details-devis/${q.id}` });
    expect(after.json().data.status).toBe('Envoyé');
  });
});
