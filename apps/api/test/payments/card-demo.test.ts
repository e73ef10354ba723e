import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo, seedReference } from '@ouvrage/db';
import { useTestApp } from '../helpers';

/** Demo data (decision 0730): the demo client's « Paiement » lists a declined card attempt next to the declared transfer; nothing was paid by card. */
const ctx = useTestApp();

beforeAll(async () => {
  await seedReference(ctx.handle);
  expect(await seedDemo(ctx.handle, { production: false })).toBe(true);
}, 180_000);

describe('demo card payments', () => {
  it('lists the declined card attempt on the demo invoice; the invoice still asks for its whole amount', async () => {
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'client@ouvrage.test', password: DEMO_PASSWORD } });
    const { token } = login.json().data.token;
    const id = login.json().data.datauser.id as number;
    const headers = { authorization: `Bearer ${token}` };
    const list = (await ctx.app.inject({ method: 'GET', url: `/api/paiement/lists/${id}`, headers })).json().data;
    const card = list.items.find((p: { method: string }) => p.method === 'carte');
    expect(card).toMatchObject({ status: 'echoue', failure: 'card_declined', invoice_number: expect.stringMatching(/^F-\d{4}-\d{4}$/) });
    const summary = (await ctx.app.inject({ method: 'GET', url: `/api/paiement/facture/${card.invoice_id}`, headers })).json().data;
    expect(summary.left_to_pay_cents).toBe(card.amount_cents);
    expect(summary.can_pay).toBe(true);
    // The invoice by its parts, for the web to name it in the reader's language (decision 1206).
    expect(summary).toMatchObject({ kind: expect.stringMatching(/^(acompte|situation|solde)$/), quote_label: expect.stringMatching(/^D-/) });
    expect(summary).toHaveProperty('situation_index');
    expect(summary).not.toHaveProperty('title');
  });
});
