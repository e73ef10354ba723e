import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, seedReference, DEMO_PASSWORD } from '@ouvrage/db';
import { parisYear } from '@ouvrage/domain';
import { useTestApp } from '../helpers';

/** The demo quotes: seeded with the rest of the demo data, and usable through the API as they are. */
const ctx = useTestApp();
let architect: { token: string; id: number };
let client: { token: string; id: number };

async function login(email: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().data.token.token as string, id: res.json().data.datauser.id as number };
}
const get = (who: { token: string }, url: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${who.token}` } });

beforeAll(async () => {
  await seedReference(ctx.handle);
  expect(await seedDemo(ctx.handle, { production: false })).toBe(true);
  architect = await login('architecte@ouvrage.test');
  client = await login('client@ouvrage.test');
}, 180_000);

describe('demo quotes', () => {
  it('gives the demo architect a draft, sent, accepted, refused (with a v2) and validated quote; sending the draft takes the next number', async () => {
    const year = parisYear(new Date());
    const list = (await get(architect, `/api/liste-devis/${architect.id}?all_versions=true`)).json().data;
    // With the business client's validated quote and the dépannage of issue 34 (demo-invoice-cases), and
    // the chantier and the finished contract of issue 38 (demo-contract-life, demo-finished-contract).
    expect(list.items.map((i: { status: string }) => i.status).sort()).toEqual([
      'Accepté',
      'Brouillon',
      'Envoyé',
      'Envoyé',
      'Envoyé',
      'Refusé',
      'Validé',
      'Validé',
      'Validé',
      'Validé',
    ]);
    const numbers: string[] = list.items.map((i: { label: string }) => i.label).filter((n: string) => n !== 'Brouillon');
    // Numbered by their sending day: the two sent in the last days may open this year's series in early January.
    const thisYear = new Set(numbers.filter((n) => n.startsWith(`D-${year}-`)).map((n) => n.slice(0, 11)));
    expect(numbers).toHaveLength(9);
    expect([...thisYear].sort()).toEqual(Array.from({ length: thisYear.size }, (_, i) => `D-${year}-${String(i + 1).padStart(4, '0')}`));
    const seen = (await get(client, `/api/liste-devis/${client.id}`)).json().data;
    expect(seen.items).toHaveLength(8); // no draft, the refused v1 hidden behind its v2

    const sentOne = list.items.find(
      (i: { status: string; version: number; title: string }) => i.status === 'Envoyé' && i.version === 1 && i.title.startsWith('Rénovation'),
    );
    const detail = (await get(client, `/api/get-details-devis/${sentOne.id}`)).json().data;
    expect(detail.lots).toHaveLength(3);
    expect(detail.totals.by_rate.length).toBe(2);
    expect(detail.lots.flatMap((l: { lines: Array<{ optional: boolean }> }) => l.lines).some((l: { optional: boolean }) => l.optional)).toBe(true);
    expect(detail.can.accept).toBe(true);
    // The demo's consumer quotes name a mediator and the insurers' addresses (decisions 1041, 1044).
    expect(detail.mediator?.website).toBe('https://www.cm2c.net');
    expect(detail.issuer.decennale?.insurer_address ?? detail.issuer.rc_pro?.insurer_address).toBeTruthy();

    const draft = list.items.find((i: { status: string }) => i.status === 'Brouillon');
    expect((await get(architect, `/api/get-details-devis/${draft.id}`)).json().data.missing_mentions).toEqual([]);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/send-devis-email/${draft.id}`, headers: { authorization: `Bearer ${architect.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.number).toBe(`D-${year}-${String(thisYear.size + 1).padStart(4, '0')}`);
  });
});
