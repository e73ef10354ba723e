import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyInsurances, projects, quotes } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { pdfText } from '../pdf/pdf-text';
import { acceptedProject, completeProfile } from './factories';
import { quoteContent } from './quote-body';

/** The quote's new mentions through the API (decisions 1041–1044): insurer address, mediator, works start, urgent repair. */
const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let admin: TestUser;
let alice: TestUser;
let carol: TestUser;
let projectId: number;

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  carol = await loginAs(ctx, { user_type: 'client' });
  await completeProfile(ctx.db, alice.id);
  projectId = (await acceptedProject(ctx.db, alice.id, carol.id)).id;
});

const mediator = {
  name: 'Médiation de la consommation du bâtiment',
  website: 'https://www.mediateur-batiment.example',
  address: '10 rue de la Paix, 75002 Paris',
};

async function draft(body: Record<string, unknown> = {}, project = projectId) {
  const res = await as(ctx, alice, { method: 'POST', url: '/api/devis', payload: { project_id: project, ...quoteContent(body) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const pdfOf = async (user: TestUser, id: number) => {
  const res = await as(ctx, user, { method: 'GET', url: `/api/devis/${id}/pdf` });
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload);
};

describe('the consumer mediator, set by the admin (decision 1044)', () => {
  it('is the admin’s only: 403 for an architect and a client', async () => {
    expect((await as(ctx, alice, { method: 'GET', url: '/admin/mediateur' })).statusCode).toBe(403);
    expect((await as(ctx, carol, { method: 'PUT', url: '/admin/mediateur', payload: mediator })).statusCode).toBe(403);
  });

  it('refuses a blank name and a website that is not an address, in French, and changes nothing', async () => {
    const blank = await as(ctx, admin, { method: 'PUT', url: '/admin/mediateur', payload: { ...mediator, name: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('Indiquez le nom du médiateur.');
    const site = await as(ctx, admin, { method: 'PUT', url: '/admin/mediateur', payload: { ...mediator, website: 'mediateur' } });
    expect(site.statusCode).toBe(400);
    expect(site.body).toContain('https://');
    expect((await as(ctx, admin, { method: 'GET', url: '/admin/mediateur' })).json().data).toEqual({ mediator: null, updated_at: null });
  });

  it('is kept, read by the quote, printed on a consumer’s quote and not on a business’s', async () => {
    const d = await draft();
    expect(d.mediator).toBeNull();
    expect(await pdfOf(alice, d.id)).toContain('Médiateur de la consommation : non désigné à ce jour.');

    const saved = await as(ctx, admin, { method: 'PUT', url: '/admin/mediateur', payload: mediator });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.mediator).toEqual(mediator);
    const again = await as(ctx, admin, { method: 'PUT', url: '/admin/mediateur', payload: { ...mediator, address: '' } });
    expect(again.json().data.mediator).toEqual({ ...mediator, address: null });

    const detail = (await as(ctx, alice, { method: 'GET', url: `/api/get-details-devis/${d.id}` })).json().data;
    expect(detail).toMatchObject({ client_type: 'particulier', mediator: { name: mediator.name, website: mediator.website } });
    expect(await pdfOf(alice, d.id)).toContain(`Médiateur de la consommation : ${mediator.name}, https://`);

    const business = await acceptedProject(ctx.db, alice.id, carol.id);
    await ctx.db.update(projects).set({ typeClient: 'entreprise', companyName: 'SCI Les Tilleuls' }).where(eq(projects.id, business.id));
    const b = await draft({}, business.id);
    expect(b.client_type).toBe('entreprise');
    const text = await pdfOf(alice, b.id);
    expect(text).not.toContain('Médiateur de la consommation');
    expect(text).not.toContain('Formulaire de rétractation');
  }, 90_000); // three PDFs rendered
});

describe('the insurer’s address (decision 1041)', () => {
  it('is stored by the profile form, read back, and printed on the quote', async () => {
    const insurance = {
      insurer: 'SMABTP',
      insurer_address: '8 rue Louis Armand, 75015 Paris',
      policy_number: 'D-1',
      valid_from: '2026-01-01',
      valid_until: '2099-12-31',
      coverage: 'France métropolitaine',
    };
    const res = await as(ctx, alice, { method: 'PATCH', url: `/api/professionnel/store-details/${alice.id}`, payload: { decennale: insurance } });
    expect(res.statusCode, res.body).toBe(200);
    const info = (await as(ctx, alice, { method: 'GET', url: `/api/professionnel/get-info/${alice.id}` })).json().data;
    expect(info.insurances.decennale.insurer_address).toBe('8 rue Louis Armand, 75015 Paris');
    const d = await draft();
    expect(d.issuer.decennale.insurer_address).toBe('8 rue Louis Armand, 75015 Paris');
    expect(await pdfOf(alice, d.id)).toContain('Coordonnées de l’assureur : SMABTP, 8 rue Louis Armand, 75015 Paris.');
    const long = await as(ctx, alice, {
      method: 'PATCH',
      url: `/api/professionnel/store-details/${alice.id}`,
      payload: { decennale: { ...insurance, insurer_address: 'x'.repeat(301) } },
    });
    expect(long.statusCode).toBe(400);
  });

  it('is needed to send: without it the décennale is a missing mention and sending is refused', async () => {
    const gina = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
    await completeProfile(ctx.db, gina.id);
    await ctx.db.update(companyInsurances).set({ insurerAddress: null }).where(eq(companyInsurances.userId, gina.id));
    const p = await acceptedProject(ctx.db, gina.id, carol.id);
    const res = await as(ctx, gina, { method: 'POST', url: '/api/devis', payload: { project_id: p.id, ...quoteContent() } });
    const d = res.json().data;
    expect(d.missing_mentions.map((m: { code: string }) => m.code)).toEqual(['decennale', 'rcPro']);
    const send = await as(ctx, gina, { method: 'POST', url: `/api/send-devis-email/${d.id}` });
    expect(send.statusCode).toBe(409);
    expect(send.json().error.message).toContain('assureur et son adresse');
  });
});

describe('works start, duration and the urgent repair (decisions 1042, 1043)', () => {
  it('stores the start date and the duration, prints them, and refuses a duration out of range', async () => {
    const d = await draft({ works_start_date: '2027-01-11', works_duration_days: 15 });
    expect(d).toMatchObject({ works_start_date: '2027-01-11', works_duration_days: 15, urgent_repair: false });
    expect(await pdfOf(alice, d.id)).toContain('Exécution des travaux : début des travaux le 11/01/2027, durée prévue 15 jours.');
    for (const bad of [{ works_duration_days: 0 }, { works_duration_days: 3651 }, { works_duration_days: 2.5 }, { works_start_date: '2027-02-30' }]) {
      const res = await as(ctx, alice, { method: 'POST', url: '/api/devis', payload: { project_id: projectId, ...quoteContent(bad) } });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('keeps an urgent repair only on a dépannage: no withdrawal form then, and the L221-28 8° sentence', async () => {
    const works = await draft({ urgent_repair: true });
    expect(works.urgent_repair).toBe(false);
    expect(await pdfOf(alice, works.id)).toContain('Formulaire de rétractation');

    const repair = await draft({ kind: 'depannage', urgent_repair: true });
    expect(repair.urgent_repair).toBe(true);
    const text = await pdfOf(alice, repair.id);
    expect(text).not.toContain('Formulaire de rétractation');
    expect(text).toContain('L221-28 8°');
    expect(text).toContain('Devis reçu avant l’exécution des travaux');

    // A new version keeps them.
    await ctx.db.update(quotes).set({ worksDurationDays: 3 }).where(eq(quotes.id, repair.id));
    const sent = await as(ctx, alice, { method: 'POST', url: `/api/send-devis-email/${repair.id}` });
    expect(sent.statusCode, sent.body).toBe(200);
    const next = await as(ctx, alice, { method: 'POST', url: `/api/devis/${repair.id}/nouvelle-version` });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().data).toMatchObject({ urgent_repair: true, works_duration_days: 3 });
  }, 90_000);
});
