import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { companies, companyServices, mails, marketingLeads, users } from '@ouvrage/db';
import { createUser } from '@ouvrage/db/testing';
import { as, loginAs, useTestApp } from '../helpers';
import { signUpBody, tempDataDir } from './helpers';

const ctx = useTestApp({ dataDir: tempDataDir() });

describe('reference lists', () => {
  it('lists real French trades with their role, and services by trade', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/list-profession' });
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Maçon', 'Plombier', 'Électricien', 'Couvreur', 'Architecte', 'Dessinateur-projeteur', "Bureau d'études"]));
    const architect = res.json().data.find((p: { slug: string }) => p.slug === 'architecte');
    expect(architect.user_type).toBe('architecte');

    const all = (await ctx.app.inject({ method: 'GET', url: '/api/list-service' })).json().data;
    const mason = (await ctx.app.inject({ method: 'GET', url: `/api/list-service?profession_id=${res.json().data[0].id}` })).json().data;
    expect(all.length).toBeGreaterThan(40);
    expect(mason.length).toBeGreaterThan(0);
    expect(mason.every((s: { profession_id: number }) => s.profession_id === res.json().data[0].id)).toBe(true);
  });
});

describe('GET /api/company-lookup (offline registry)', () => {
  it('prefills raison sociale, legal form, NAF, head office and the TVA number', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/company-lookup?siret=85678901100017' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      found: true,
      company: expect.objectContaining({
        raison_sociale: 'DURAND MACONNERIE',
        forme_juridique: 'SARL',
        naf_code: '43.99C',
        head_office_address: '27 AVENUE JEAN JAURES',
        head_office_postcode: '31000',
        head_office_citycode: '31555',
        etat_administratif: 'A',
        active: true,
        tva_number: 'FR32856789011',
      }),
    });
  });

  it('answers found=false for a valid SIRET it does not know, and 400 for an invalid SIRET', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/company-lookup?siret=73282932000074' });
    expect(unknown.json().data).toEqual({ found: false, company: null });
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/company-lookup?siret=73282932000075' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.siret).toMatch(/clé de contrôle/);
    const short = await ctx.app.inject({ method: 'GET', url: '/api/company-lookup?siret=1234' });
    expect(short.json().error.fields.siret).toMatch(/14 chiffres/);
  });

  it('shows a closed company as inactive', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/company-lookup?siret=79012345900014' });
    expect(res.json().data.company).toMatchObject({ etat_administratif: 'F', active: false });
  });
});

describe('POST /api/create-professionnel-account', () => {
  it('creates user and company atomically, pending, mails the pro and the admins, keeps the lead', async () => {
    const admin = await createUser(ctx.db, { user_type: 'admin', email: 'admin.signup@exemple.fr' });
    const body = await signUpBody(ctx.db);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/create-professionnel-account', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ email: body.email, user_type: 'professionnel', is_validate: 'En attente' });
    expect(data).not.toHaveProperty('id');

    const [user] = await ctx.db.select().from(users).where(eq(users.email, body.email));
    data.id = user.id;
    expect(user).toMatchObject({ userType: 'professionnel', isValidate: 'En attente', phone: '+33612345678', lastname: 'Durand' });
    expect(user.passwordHash).not.toContain('Chantier2026x');
    const [company] = await ctx.db.select().from(companies).where(eq(companies.userId, data.id));
    expect(company).toMatchObject({
      siret: '85678901100017',
      siren: '856789011',
      raisonSociale: 'DURAND MACONNERIE',
      formeJuridique: 'SARL',
      nafCode: '43.99C',
      tvaNumber: 'FR32856789011',
      headOfficeCity: 'TOULOUSE',
      registryState: 'A',
    });
    const services = await ctx.db.select().from(companyServices).where(eq(companyServices.userId, data.id));
    expect(services).toHaveLength(2);

    const sent = await ctx.db.select().from(mails);
    expect(sent.some((m) => m.toAddress === body.email && /inscription professionnelle/i.test(m.subject))).toBe(true);
    expect(sent.some((m) => m.toAddress === admin.email && /à valider/.test(m.subject))).toBe(true);

    const leads = await ctx.db.select().from(marketingLeads).where(eq(marketingLeads.email, body.email));
    expect(leads).toHaveLength(1);
    expect(leads[0].status).toBe('kept');
    expect(leads[0].fields).toEqual(
      expect.arrayContaining([
        { name: 'siret', value: '85678901100017' },
        { name: 'company', value: 'DURAND MACONNERIE' },
      ]),
    );

    // the new professional can log in and complete their profile, but has no tenders yet
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: body.email, password: body.password } });
    expect(login.json().data.datauser.is_validate).toBe('En attente');
    const token = login.json().data.token.token;
    const info = await as(ctx, { token }, { method: 'GET', url: `/api/professionnel/get-info/${data.id}` });
    expect(info.statusCode).toBe(200);
    const tenders = await as(ctx, { token }, { method: 'GET', url: `/api/professionnel/liste-offres/${data.id}` });
    expect(tenders.statusCode).toBe(403);
  });

  it('derives the role from the trade: an architect signs up as architecte', async () => {
    const [arch] = await ctx.db
      .execute(sql`SELECT id FROM professions WHERE slug = 'architecte'`)
      .then((r) => (r as unknown as { rows: Array<{ id: number }> }).rows);
    const body = await signUpBody(ctx.db, { siret: '88123456100010', raison_sociale: 'Lumière', profession_id: arch.id, service_ids: [] });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/create-professionnel-account', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.user_type).toBe('architecte');
  });

  it('answers an existing e-mail as a new one, creating nothing and telling the address by mail; an existing SIRET is a 409', async () => {
    const taken = await loginAs(ctx, { email: 'deja.pris@exemple.fr' });
    const fresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-professionnel-account',
      payload: await signUpBody(ctx.db, { email: 'jamais.vu@exemple.fr', siret: '84567890300012' }),
    });
    const usersBefore = (await ctx.db.select().from(users)).length;
    const companiesBefore = (await ctx.db.select().from(companies)).length;
    const byEmail = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-professionnel-account',
      payload: await signUpBody(ctx.db, { email: taken.email.toUpperCase(), siret: '73282932000074' }),
    });
    // Same status and same answer, but for the address itself: nothing tells the accounts apart.
    expect(byEmail.statusCode, byEmail.body).toBe(fresh.statusCode);
    const strip = (d: { email: string; message: string }) => ({ ...d, email: 'x', message: d.message.replace(d.email, 'x') });
    expect(strip(byEmail.json().data)).toEqual(strip(fresh.json().data));
    expect((await ctx.db.select().from(users)).length).toBe(usersBefore);
    expect((await ctx.db.select().from(companies)).length).toBe(companiesBefore);
    const told = await ctx.db.select().from(mails).where(eq(mails.toAddress, taken.email));
    expect(told.map((m) => m.subject)).toEqual(['Votre inscription professionnelle sur Ouvrage']);
    expect(told[0].textBody).toMatch(/Un compte existe déjà à cette adresse/);

    const bySiret = await ctx.app.inject({ method: 'POST', url: '/api/create-professionnel-account', payload: await signUpBody(ctx.db) });
    expect(bySiret.statusCode).toBe(409);
    expect(bySiret.json().error.fields.siret).toMatch(/déjà inscrit/);
  });

  it('refuses a closed company and an invalid SIRET without creating anything', async () => {
    const before = (await ctx.db.select().from(users)).length;
    const closed = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-professionnel-account',
      payload: await signUpBody(ctx.db, { siret: '79012345900014' }),
    });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().error.fields.siret).toMatch(/fermée/);
    const invalid = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-professionnel-account',
      payload: await signUpBody(ctx.db, { siret: '85678901100018' }),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields.siret).toMatch(/clé de contrôle/);
    expect((await ctx.db.select().from(users)).length).toBe(before);
  });

  it('checks every field with a French message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-professionnel-account',
      payload: await signUpBody(ctx.db, { phone: '12', password: 'court', email: 'pas-un-mail', accept_terms: false, profession_id: 999_999 }),
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields;
    expect(fields.phone).toMatch(/n'est pas valide/);
    expect(fields.password).toMatch(/10 caractères/);
    expect(fields.email).toMatch(/pas valide/);
    expect(fields.accept_terms).toMatch(/conditions/);

    const unknownTrade = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-professionnel-account',
      payload: await signUpBody(ctx.db, { siret: '73282932000074', profession_id: 999_999 }),
    });
    expect(unknownTrade.statusCode).toBe(400);
    expect(unknownTrade.json().error.fields.profession_id).toMatch(/inconnu/);
  });

  it('accepts a valid SIRET unknown to the registry with the fields typed by hand', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-professionnel-account',
      payload: await signUpBody(ctx.db, {
        siret: '73282932000074',
        raison_sociale: 'Saisie Manuelle',
        naf_code: '4399c',
        head_office_postcode: '75001',
        head_office_city: 'Paris',
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [company] = await ctx.db.select().from(companies).where(eq(companies.siret, '73282932000074'));
    expect(company).toMatchObject({ raisonSociale: 'Saisie Manuelle', nafCode: '43.99C', registryState: null, tvaNumber: 'FR44732829320' });
  });
});

describe('GET /api/admin/marketing-leads', () => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = (await loginAs(ctx, { user_type: 'admin' })).token;
  });
  afterAll(() => undefined);

  it('lists the kept leads for the admin only', async () => {
    const res = await as(ctx, { token: adminToken }, { method: 'GET', url: '/api/admin/marketing-leads?per_page=5' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items.length).toBeGreaterThan(0);
    expect(res.json().data.items[0]).toMatchObject({ form: 'pro-signup', status: 'kept' });
    const pro = await loginAs(ctx, { user_type: 'professionnel' });
    expect((await as(ctx, pro, { method: 'GET', url: '/api/admin/marketing-leads' })).statusCode).toBe(403);
  });
});
