import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { quotes, seedDemo, seedReference, DEMO_PASSWORD } from '@ouvrage/db';
import { useTestApp } from '../helpers';

/** Demo data (decision 0731): the demo client's invoice carries bank details and a declared transfer pending for the admin. */
const ctx = useTestApp();

async function login(email: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().data.token.token as string };
}
const get = (who: { token: string }, url: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${who.token}` } });

beforeAll(async () => {
  await seedReference(ctx.handle);
  expect(await seedDemo(ctx.handle, { production: false })).toBe(true);
}, 180_000);

describe('demo transfers', () => {
  it('the demo client declared the transfer of their invoice; the admin sees it pending', async () => {
    const client = await login('client@ouvrage.test');
    const admin = await login('admin@ouvrage.test');
    // The deposit of the first validated quote (the demo holds other contracts since issues 34 and 38).
    const [first] = await ctx.db.select({ id: quotes.id }).from(quotes).where(eq(quotes.title, 'Maîtrise d’œuvre : suivi de chantier'));
    const [invoice] = (await get(client, '/api/liste-facture'))
      .json()
      .data.items.filter((i: { quote_id: number }) => i.quote_id === first.id)
      .sort((a: { id: number }, b: { id: number }) => a.id - b.id);
    const info = (await get(client, `/api/facture/${invoice.id}/virement`)).json().data;
    expect(info).toMatchObject({ iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP', can_declare: false });
    expect(info.transfers).toEqual([expect.objectContaining({ status: 'en_attente', amount_cents: invoice.left_to_pay_cents, reference: info.reference })]);
    const pending = (await get(admin, '/api/admin/virements')).json().data.items;
    expect(pending.map((p: { invoice_id: number }) => p.invoice_id)).toContain(invoice.id);
    const settings = (await get(await login('architecte@ouvrage.test'), '/api/facture/parametre')).json().data;
    expect(settings).toMatchObject({ iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' });
  });
});
