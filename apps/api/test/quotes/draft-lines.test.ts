import { beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { acceptedProject, completeProfile } from './factories';
import { quoteContent, type LineSpec } from './quote-body';

/**
 * Issue 36 §1 « Work is never lost » (decision 1203): a draft is saved as typed — an empty free
 * line, a line without quantity, an untitled lot — with its catalogue lines, and comes back as
 * saved; sending refuses what is incomplete with a 400 that names it.
 */

const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let alice: TestUser;
let projectId: number;
let productId: number;

beforeAll(async () => {
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  const carol = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, alice.id);
  projectId = (await acceptedProject(ctx.db, alice.id, carol.id)).id;
  const product = await as(ctx, alice, {
    method: 'POST',
    url: '/api/produit',
    payload: { name: 'Évier inox', reference: 'EV-1', lot: 'Plomberie', unit: 'u', unit_price_cents: 25_000, tva_rate_bp: 1000, description: 'Bac 80 cm' },
  });
  expect(product.statusCode, product.body).toBe(201);
  productId = product.json().data.id;
});

const catalogueLine: LineSpec = { product_id: 0, designation: 'Évier inox', quantity_milli: 1000, unit: 'u', unit_price_cents: 25_000, tva_rate_bp: 1000 };
const emptyFreeLine: LineSpec = { designation: '', quantity_milli: 0, unit: 'u', unit_price_cents: 0, tva_rate_bp: 2000 };

function lots(): Array<{ title: string; lines: LineSpec[] }> {
  return [
    { title: 'Plomberie', lines: [{ ...catalogueLine, product_id: productId }, emptyFreeLine] },
    { title: '', lines: [] },
  ];
}

const get = (id: number) => as(ctx, alice, { method: 'GET', url: `/api/get-details-devis/${id}` });
const send = (id: number) => as(ctx, alice, { method: 'POST', url: `/api/send-devis-email/${id}` });

describe('a draft with incomplete lines', () => {
  it('is created and updated as typed, its catalogue line and its empty free line both kept on reopening', async () => {
    const created = await as(ctx, alice, { method: 'POST', url: '/api/devis', payload: { project_id: projectId, ...quoteContent({}, lots()) } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;

    // An autosave adds a second catalogue line and leaves the free line empty (one gap per line, one for the untitled lot).
    const next = lots();
    next[0].lines.push({ ...catalogueLine, product_id: productId, quantity_milli: 2000 });
    const updated = await as(ctx, alice, { method: 'PATCH', url: `/api/update-devis/${id}`, payload: { ...quoteContent({}, next), revision: 0 } });
    expect(updated.statusCode, updated.body).toBe(200);

    const reopened = (await get(id)).json().data;
    expect(reopened.revision).toBe(1);
    expect(reopened.lots.map((l: { title: string }) => l.title)).toEqual(['Plomberie', '']);
    expect(
      reopened.lots[0].lines.map((l: Record<string, unknown>) => [l.product_id, l.designation, l.description, l.quantity_milli, l.unit_price_cents]),
    ).toEqual([
      [productId, 'Évier inox', '', 1000, 25_000],
      [null, '', '', 0, 0],
      [productId, 'Évier inox', '', 2000, 25_000],
    ]);
    expect(reopened.totals.total_ht_cents).toBe(75_000);
  });

  it('refuses the sending with a 400 naming the first incomplete line, and sends once the lines are complete', async () => {
    const created = await as(ctx, alice, { method: 'POST', url: '/api/devis', payload: { project_id: projectId, ...quoteContent({}, lots()) } });
    const { id, site_address: site } = created.json().data as { id: number; site_address: unknown };
    const refused = await send(id);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'QUOTE_INCOMPLETE_LINE', params: { lot: 'Plomberie', line: 2, count: 2 } });
    expect(refused.json().error.message).toContain('Indiquez la désignation de la ligne.');
    expect((await get(id)).json().data.status).toBe('Brouillon');

    const complete = [
      {
        title: 'Plomberie',
        lines: [
          { ...catalogueLine, product_id: productId },
          { ...emptyFreeLine, designation: 'Pose', quantity_milli: 1000 },
        ],
      },
    ];
    const saved = await as(ctx, alice, {
      method: 'PATCH',
      url: `/api/update-devis/${id}`,
      payload: { ...quoteContent({ client_address: site, site_address: site }, complete), revision: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const ok = await send(id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.status).toBe('Envoyé');
  });

  it('still refuses what no draft can hold: a negative quantity (400 on the field)', async () => {
    const bad = [{ title: 'Plomberie', lines: [{ ...emptyFreeLine, designation: 'Reprise', quantity_milli: -1000 }] }];
    const res = await as(ctx, alice, { method: 'POST', url: '/api/devis', payload: { project_id: projectId, ...quoteContent({}, bad) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields['lots.0.lines.0.quantity_milli']).toBe('La quantité ne peut pas être négative.');
  });
});
