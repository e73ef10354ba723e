import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { quotes, seedDemo, seedReference, DEMO_PASSWORD } from '@ouvrage/db';
import { useTestApp } from '../helpers';

/** The demo réception: the demo validated quote received with one open reservation, its PV for the demo client to sign. */
const ctx = useTestApp();
let architect: { token: string };
let client: { token: string };

async function login(email: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().data.token.token as string };
}
const call = (who: { token: string }, method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${who.token}` } });

beforeAll(async () => {
  await seedReference(ctx.handle);
  expect(await seedDemo(ctx.handle, { production: false })).toBe(true);
  architect = await login('architecte@ouvrage.test');
  client = await login('client@ouvrage.test');
}, 180_000);

describe('demo réception', () => {
  it('shows the demo client a réception « avec réserves », one reservation open, the PV to sign', async () => {
    // The validated quote the réception is about (the demo's finished contract has its own, signed).
    const [quote] = await ctx.db.select({ id: quotes.id }).from(quotes).where(eq(quotes.title, 'Maîtrise d’œuvre : suivi de chantier'));
    const res = await call(client, 'GET', `/api/devis/${quote.id}/reception`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.reception).toMatchObject({ kind: 'avec_reserves', status: 'À signer', open_reservations: 1, can_sign: true });
    const seenByArchitect = (await call(architect, 'GET', `/api/devis/${quote.id}/reception`)).json().data.reception;
    expect(seenByArchitect).toMatchObject({ can_manage: true, can_sign: false });
    const pv = await call(client, 'GET', `/api/reception/${seenByArchitect.id}/pv`);
    expect(pv.statusCode).toBe(200);
    // The client can start signing it (the PV is rendered from the demo data).
    expect((await call(client, 'POST', `/api/reception/${seenByArchitect.id}/signature`)).statusCode).toBe(200);
  });
});
