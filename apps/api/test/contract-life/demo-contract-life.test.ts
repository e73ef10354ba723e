import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FINISHED_CONTRACT_TITLE, invoices, quotes, seedDemo, seedReference, users, DEMO_PASSWORD } from '@ouvrage/db';
import { contractOf, percentOf, type QuoteLotInput, type TvaRate } from '@ouvrage/domain';
import { establishDemoDgd } from '../../src/modules/dgd';
import { useTestApp } from '../helpers';

/**
 * The demo's chantier in the middle of its contract (decision 1224), read through the API as the
 * demo client sees it: one signed avenant, a schedule whose first two milestones were invoiced and
 * paid by SEPA direct debit, what is due next; and the demo architect's invoice numbers still
 * following their dates.
 */
const ctx = useTestApp();
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

beforeAll(async () => {
  await seedReference(ctx.handle);
  expect(await seedDemo(ctx.handle, { production: false })).toBe(true);
  client = await login('client@ouvrage.test');
});

describe('the demo chantier', () => {
  it('shows its contract amended by a signed avenant, half its schedule paid by SEPA, and what comes next', async () => {
    const [quote] = await ctx.db.select().from(quotes).where(eq(quotes.title, 'Aménagement des combles'));
    expect(quote).toBeTruthy();
    const detail = await get(client, `/api/get-details-devis/${quote.id}`);
    const { items } = await get(client, `/api/projet/${quote.projectId}/contrats`);
    // Beside the « suivi de chantier » contract the project already had.
    expect(items).toHaveLength(2);
    const contract = items.find((c: { quote_id: number }) => c.quote_id === quote.id);

    // The contract worked out again here from the quote's lines and the avenant's.
    const lots: QuoteLotInput[] = detail.lots.map((lot: { title: string; lines: Array<Record<string, number | string | boolean>> }) => ({
      title: lot.title,
      lines: lot.lines.map((l) => ({
        designation: String(l.designation),
        quantityMilli: Number(l.quantity_milli),
        unit: 'u',
        unitPriceCents: Number(l.unit_price_cents),
        tvaRateBp: Number(l.tva_rate_bp) as TvaRate,
        discountBp: Number(l.discount_bp),
        optional: false,
      })),
    }));
    const original = contractOf(lots).totals.totalTtcCents;
    expect(contract.original_ttc_cents).toBe(original);
    expect(contract.avenants).toEqual([expect.objectContaining({ status: 'Signé', change_ttc_cents: 98_000 + 9_800 })]);
    expect(contract.contract_ttc_cents).toBe(original + 98_000 + 9_800);

    // The deposit and the opening of the site, half the contract as signed, both paid by debit.
    expect(contract.invoices.map((i: { total_ttc_cents: number }) => i.total_ttc_cents)).toEqual([percentOf(original, 2000), percentOf(original, 3000)]);
    expect(contract.invoices.every((i: { left_cents: number }) => i.left_cents === 0)).toBe(true);
    expect(contract.payments).toHaveLength(2);
    expect(contract.payments.every((p: { method: string; status: string }) => p.method === 'prelevement' && p.status === 'confirme')).toBe(true);
    expect(contract.paid_cents).toBe(percentOf(original, 2000) + percentOf(original, 3000));
    expect(contract.schedule.milestones.map((m: { state: string }) => m.state)).toEqual(['paye', 'paye', 'a_venir', 'a_venir']);
    expect(contract.next_due).toMatchObject({ kind: 'milestone', position: 2 });
  });

  it('finishes a project with its DGD, established once by the API at the first start, for the client to answer', async () => {
    expect(await establishDemoDgd(ctx.app.deps)).toBe('established');
    expect(await establishDemoDgd(ctx.app.deps)).toBe('kept');
    const [quote] = await ctx.db.select().from(quotes).where(eq(quotes.title, FINISHED_CONTRACT_TITLE));
    const { items } = await get(client, `/api/projet/${quote.projectId}/contrats`);
    expect(items).toHaveLength(1);
    const [contract] = items;
    // Everything invoiced and paid but the 5 % retenue, held until its release a year after the réception.
    expect(contract.invoiced_cents).toBe(contract.contract_ttc_cents);
    expect(contract.paid_cents).toBe(contract.contract_ttc_cents - percentOf(contract.contract_ttc_cents, 500));
    expect(contract.next_due).toBeNull();
    // The DGD's balance: the retenue, still the client's to pay once released.
    expect(contract.dgd).toMatchObject({ number: `${quote.number}-DGD`, status: 'Émis', balance_cents: percentOf(contract.contract_ttc_cents, 500) });
    const dashboard = await get(client, '/api/dashboard/client');
    expect(dashboard.documents_to_sign.items).toContainEqual(expect.objectContaining({ kind: 'dgd', id: contract.dgd.id }));
    await ctx.app.deps.jobs.kick();
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/dgd/${contract.dgd.id}/pdf`, headers: { authorization: `Bearer ${client.token}` } });
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
  });

  it('keeps the demo architect’s invoice numbers in the order of their dates', async () => {
    const [architect] = await ctx.db.select().from(users).where(eq(users.email, 'architecte@ouvrage.test'));
    const rows = await ctx.db.select().from(invoices).where(eq(invoices.issuerId, architect.id)).orderBy(asc(invoices.number));
    const dates = rows.map((r) => r.issuedAt.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
  });
});
