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
    expect(list.items.map((i: { status: string }) => i.status).sort()).toEqual(['Accepté', 'Brouillon', 'Envoyé', 'Envoyé', 'Refusé', 'Validé']);
    const numbers = list.items.map((i: { label: string }) => i.label);
    expect(numbers.filter((n: string) => n !== 'Brouillon').sort()).toEqual([1, 2, 2, 3, 4].map((n, i) => `D-${year}-000${n}${i === 2 ? ' v2' : ''}`));
    const seen = (await get(client, `/api/liste-devis/${client.id}`)).json().data;
    expect(seen.items).toHaveLength(4); // no draft, the refused v1 hidden behind its v2

    const sentOne = list.items.find((i: { status: string; version: number }) => i.status === 'Envoyé' && i.version === 1);
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
    expect(res.json().data.number).toBe(`D-${year}-0005`);
  });
});
