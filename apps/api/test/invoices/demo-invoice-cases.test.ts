import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, seedReference, DEMO_PASSWORD } from '@ouvrage/db';
import {
  computeQuoteTotals,
  contractOf,
  draftCreditNote,
  draftInvoice,
  parisYear,
  refundOwedCents,
  withTravelCosts,
  type InvoiceDraft,
  type PriorInvoice,
  type QuoteUnit,
  type RateAmount,
  type TvaRate,
} from '@ouvrage/domain';
import { useTestApp } from '../helpers';
import { pdfText } from '../pdf/pdf-text';

/**
 * The invoicing cases of issue 34 in the demo data, read through the API as the demo accounts see
 * them, every amount drawn again here by the domain from the quote as the API shows it: a situation
 * after the deposit, a dépannage with its travel costs counted, a business client, an avoir on a paid deposit.
 */
const ctx = useTestApp();
let architect: { token: string; id: number };
let client: { token: string; id: number };

async function login(email: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().data.token.token as string, id: res.json().data.datauser.id as number };
}
const get = async (who: { token: string }, url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${who.token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

type Line = {
  quantity_milli: number;
  unit: string;
  unit_price_cents: number;
  tva_rate_bp: number;
  discount_bp: number;
  optional: boolean;
  chosen: boolean;
  designation: string;
};
type Lot = { title: string; travel?: boolean; lines: Line[] };
type Rate = { rate_bp: number; base_cents: number; tva_cents: number };
type Invoice = {
  id: number;
  number: string;
  kind: string;
  issue_date: string;
  by_rate: Rate[];
  progress_bp: number[] | null;
  credit_notes: Array<{ by_rate: Rate[] }>;
  quote: { id: number };
};

const domainLots = (lots: Lot[]) =>
  lots.map((lot) => ({
    title: lot.title,
    lines: lot.lines.map((l) => ({
      designation: l.designation,
      quantityMilli: l.quantity_milli,
      unit: l.unit as QuoteUnit,
      unitPriceCents: l.unit_price_cents,
      tvaRateBp: l.tva_rate_bp as TvaRate,
      discountBp: l.discount_bp,
      optional: l.optional && !l.chosen,
    })),
  }));
const rates = (r: Rate[]): RateAmount[] => r.map((x) => ({ rateBp: x.rate_bp as TvaRate, baseCents: x.base_cents, tvaCents: x.tva_cents }));
const sum = (list: RateAmount[][]): RateAmount[] => {
  const by = new Map<TvaRate, RateAmount>();
  for (const r of list.flat()) {
    const s = by.get(r.rateBp) ?? { rateBp: r.rateBp, baseCents: 0, tvaCents: 0 };
    by.set(r.rateBp, { rateBp: r.rateBp, baseCents: s.baseCents + r.baseCents, tvaCents: s.tvaCents + r.tvaCents });
  }
  return [...by.values()];
};
const prior = (i: Invoice): PriorInvoice => ({
  number: i.number,
  kind: i.kind as PriorInvoice['kind'],
  issueDate: i.issue_date,
  byRate: rates(i.by_rate),
  progressBp: i.progress_bp,
  credited: sum(i.credit_notes.map((c) => rates(c.by_rate))),
});
const storedRates = (r: RateAmount[]) => r.map((x) => ({ rate_bp: x.rateBp, base_cents: x.baseCents, tva_cents: x.tvaCents }));

/** The quote's contract as the domain draws it from the quote the API shows (travel costs included, as a lot). */
async function contractOfQuote(quoteId: number) {
  const quote = await get(architect, `/api/get-details-devis/${quoteId}`);
  return contractOf(domainLots(quote.lots), quote.retention_bp);
}

function expectSameAmounts(detail: { totals: unknown; by_rate: unknown }, draft: InvoiceDraft) {
  expect(detail.totals).toEqual({
    total_ht_cents: draft.totals.totalHtCents,
    total_tva_cents: draft.totals.totalTvaCents,
    total_ttc_cents: draft.totals.totalTtcCents,
  });
  expect(detail.by_rate).toEqual(storedRates(draft.byRate));
}

async function invoicesOfQuote(quoteId: number): Promise<Invoice[]> {
  const list = await get(architect, `/api/liste-facture?quote_id=${quoteId}`);
  const items = [...list.items].sort((a: { id: number }, b: { id: number }) => a.id - b.id);
  return Promise.all(items.map((i: { id: number }) => get(architect, `/api/get-facture-detail/${i.id}`)));
}

beforeAll(async () => {
  await seedReference(ctx.handle);
  expect(await seedDemo(ctx.handle, { production: false })).toBe(true);
  architect = await login('architecte@ouvrage.test');
  client = await login('client@ouvrage.test');
}, 180_000);

describe('demo invoicing cases', () => {
  it('shows a situation after the 30 % deposit of the validated quote, the deposit deducted, amounts as the domain draws them', async () => {
    const situations = (await get(architect, '/api/liste-facture?kind=situation')).items;
    expect(situations).toHaveLength(1);
    const situation = await get(client, `/api/get-facture-detail/${situations[0].id}`);
    const [deposit, ...rest] = await invoicesOfQuote(situation.quote.id);
    expect(deposit.kind).toBe('acompte');
    expect(rest.map((i) => i.number)).toEqual([situation.number]);
    expect(situation.issue_date > deposit.issue_date).toBe(true);
    expect(situation.title).toMatch(/^Situation de travaux n° 1 — devis D-\d{4}-\d{4}$/);

    const contract = await contractOfQuote(situation.quote.id);
    const depositDraft = draftInvoice(contract, [], { kind: 'acompte', percentBp: 3000 });
    if (!depositDraft.ok) throw new Error('deposit refused');
    expectSameAmounts(deposit as never, depositDraft.draft);
    const draft = draftInvoice(contract, [prior(deposit)], { kind: 'situation', progressBp: [6000] });
    if (!draft.ok) throw new Error('situation refused');
    expectSameAmounts(situation, draft.draft);
    expect(situation.progress_bp).toEqual([6000]);
    expect(situation.work_by_rate).toEqual(storedRates(draft.draft.workByRate!));
    expect(situation.deductions.map((d: { number: string }) => d.number)).toEqual([deposit.number]);
    expect(situation.service_period).toEqual({ from: expect.any(String), to: situation.issue_date });
    // The work done less the deposit: less than the work, more than nothing.
    expect(situation.totals.total_ttc_cents).toBeLessThan(situation.work.total_ttc_cents);
    expect(situation.totals.total_ttc_cents).toBeGreaterThan(0);
  });

  it('shows a dépannage sent to the demo client, its travel costs HT counted as a lot in its total', async () => {
    const seen = (await get(client, `/api/liste-devis/${client.id}`)).items as Array<{ id: number; status: string }>;
    const details = await Promise.all(seen.map((q) => get(client, `/api/get-details-devis/${q.id}`)));
    const repairs = details.filter((d) => d.kind === 'depannage');
    expect(repairs).toHaveLength(1);
    const [repair] = repairs;
    expect(repair.status).toBe('Envoyé');
    expect(repair.travel_cost_cents).toBe(4_500);
    const own = domainLots(repair.lots.filter((l: Lot) => !l.travel));
    const counted = computeQuoteTotals(withTravelCosts(own, repair.travel_cost_cents));
    expect(repair.lots.filter((l: Lot) => l.travel)).toHaveLength(1);
    expect(repair.totals.total_ttc_cents).toBe(counted.totalTtcCents);
    expect(repair.totals.total_ht_cents).toBe(computeQuoteTotals(own).totalHtCents + 4_500);
    expect(repair.missing_mentions ?? []).toEqual([]);
  });

  it('shows a business client: a deposit to the company with its SIREN, the legal late-payment rate and the 40 € indemnity', async () => {
    const mine = (await get(client, '/api/liste-facture')).items as Array<{ id: number }>;
    const details = await Promise.all(mine.map((i) => get(client, `/api/get-facture-detail/${i.id}`)));
    const business = details.filter((d) => d.client.is_business && d.status !== 'Annulée');
    expect(business).toHaveLength(1);
    const [deposit] = business;
    expect(deposit.kind).toBe('acompte');
    expect(deposit.client.company_name).toBe('Atelier Bernard Design SARL');
    expect(deposit.client.siren).toBe('812345676');
    expect(deposit.late_penalty_basis).toMatchObject({ basis: 'ecb' });
    expect(deposit.late_penalty_bp).toBe(deposit.late_penalty_basis.ecb_rate_bp + 1000);

    const [wrong, again] = await invoicesOfQuote(deposit.quote.id);
    expect(again.id).toBe(deposit.id);
    const contract = await contractOfQuote(deposit.quote.id);
    const draft = draftInvoice(contract, [prior(wrong)], { kind: 'acompte', percentBp: 3000 });
    if (!draft.ok) throw new Error('deposit refused');
    expectSameAmounts(deposit, draft.draft);
    expect(deposit.deposit_percent_bp).toBe(3000);

    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/facture/${deposit.id}/pdf`, headers: { authorization: `Bearer ${client.token}` } });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text.replace(/\s/g, '')).toContain('812345676');
    expect(text).toContain('Indemnité forfaitaire pour frais de recouvrement');
  }, 60_000);

  it('shows an avoir on a paid deposit: the deposit cancelled, the refund owed to the client, the deposit invoiced again', async () => {
    const mine = (await get(client, '/api/liste-facture')).items as Array<{ id: number; status: string }>;
    const cancelled = mine.filter((i) => i.status === 'Annulée');
    expect(cancelled).toHaveLength(1);
    const invoice = await get(architect, `/api/get-facture-detail/${cancelled[0].id}`);
    expect(invoice.kind).toBe('acompte');
    expect(invoice.deposit_percent_bp).toBe(4000);
    const contract = await contractOfQuote(invoice.quote.id);
    const draft = draftInvoice(contract, [], { kind: 'acompte', percentBp: 4000 });
    if (!draft.ok) throw new Error('deposit refused');
    expectSameAmounts(invoice, draft.draft);
    expect(invoice.paid_cents).toBe(draft.draft.amountDueCents);

    const credit = draftCreditNote({ byRate: draft.draft.byRate, credited: [] }, null);
    if (!credit.ok) throw new Error('credit refused');
    expect(invoice.credit_notes).toHaveLength(1);
    const [note] = invoice.credit_notes;
    expect(note.number).toMatch(new RegExp(`^AV-(${parisYear(new Date())}|${parisYear(new Date()) - 1})-0001$`));
    expect(note.total_ttc_cents).toBe(credit.totals.totalTtcCents);
    expect(note.by_rate).toEqual(storedRates(credit.byRate));
    expect(invoice.credited_cents).toBe(invoice.totals.total_ttc_cents);
    expect(invoice.left_to_pay_cents).toBe(0);
    const owed = refundOwedCents({
      paidCents: invoice.paid_cents,
      totalTtcCents: invoice.totals.total_ttc_cents,
      creditedCents: invoice.credited_cents,
      refundedCents: 0,
    });
    expect(owed).toBe(invoice.paid_cents);
    expect(invoice.refund_owed_cents).toBe(owed);
    expect(invoice.can.refund).toBe(true);
    // The client reads the same refund owed; the avoir's PDF is there.
    expect((await get(client, `/api/get-facture-detail/${invoice.id}`)).refund_owed_cents).toBe(owed);
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/facture/avoir/${note.id}/pdf`, headers: { authorization: `Bearer ${client.token}` } });
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain(note.number);
  }, 60_000);
});
