import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies, companyInsurances, mails, passwordTokens, users } from '@ouvrage/db';
import { createUser } from '@ouvrage/db/testing';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { ensureCompany, ownedZone } from '../professionals/factories';
import { professionId, tempDataDir } from '../professionals/helpers';

const ctx = useTestApp({ dataDir: tempDataDir() });
let admin: TestUser;
let pro: TestUser;

const nextYear = `${new Date().getFullYear() + 1}-12-31`;

async function makeCompleteCompany(userId: number, overrides: Partial<typeof companies.$inferInsert> = {}) {
  await ensureCompany(ctx.db, userId);
  await ctx.db
    .update(companies)
    .set({
      siret: '81234567600017',
      siren: '812345676',
      raisonSociale: 'Benali Plomberie SARL',
      formeJuridique: 'SARL',
      nafCode: '43.22A',
      tvaNumber: 'FR19812345676',
      headOfficeAddress: '12 rue Paul Bert',
      headOfficePostcode: '69003',
      headOfficeCity: 'Lyon',
      headOfficeCitycode: '69383',
      professionId: await professionId(ctx.db, 'plombier'),
      ...overrides,
    })
    .where(eq(companies.userId, userId));
  for (const kind of ['decennale', 'rc_pro']) {
    await ctx.db
      .insert(companyInsurances)
      .values({ userId, kind, insurer: 'SMABTP', policyNumber: 'P1', validFrom: '2025-01-01', validUntil: nextYear, certificatePath: '2026/01/x.pdf' })
      .onConflictDoNothing();
  }
}

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  pro = await loginAs(ctx, { user_type: 'professionnel', is_validate: 'En attente', lastname: 'Benali' });
  await makeCompleteCompany(pro.id);
  await ownedZone(ctx.db, pro);
  await createUser(ctx.db, { user_type: 'client', lastname: 'Zélie', firstname: 'Anne', email: 'anne.zelie@exemple.fr' });
  await createUser(ctx.db, { user_type: 'client', lastname: 'Aubert', firstname: 'Marc' });
  const dessinateur = await createUser(ctx.db, { user_type: 'dessinateur', is_validate: 'Validé' });
  await ensureCompany(ctx.db, dessinateur.id);
  await ctx.db.update(companies).set({ headOfficeCitycode: '33063', raisonSociale: 'Plans Bordeaux' }).where(eq(companies.userId, dessinateur.id));
});

describe('GET /admin/account/lists', () => {
  it('lists clients only for group=client, searchable, paginated', async () => {
    const res = await as(ctx, admin, { method: 'GET', url: '/admin/account/lists?group=client&per_page=1&page=1&sort=name' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.total).toBeGreaterThanOrEqual(2);
    expect(data.items).toHaveLength(1);
    expect(data.items[0]).toMatchObject({ lastname: 'Aubert', user_type: 'client', company: null });
    const search = await as(ctx, admin, { method: 'GET', url: `/admin/account/lists?group=client&q=${encodeURIComponent('zélie')}` });
    expect(search.json().data.items.map((u: { email: string }) => u.email)).toEqual(['anne.zelie@exemple.fr']);
  });

  it('lists professionals with validation state, profession, département and completeness; filters', async () => {
    const res = await as(ctx, admin, { method: 'GET', url: '/admin/account/lists?group=pro' });
    const items = res.json().data.items;
    expect(items.every((u: { user_type: string }) => ['professionnel', 'dessinateur', 'architecte'].includes(u.user_type))).toBe(true);
    const mine = items.find((u: { id: number }) => u.id === pro.id);
    expect(mine).toMatchObject({
      is_validate: 'En attente',
      company: { raison_sociale: 'Benali Plomberie SARL', profession_name: 'Plombier', departement: '69' },
    });
    expect(mine.company.completeness_percent).toBeGreaterThan(50);
    expect(mine.company.completeness_percent).toBeLessThan(100);

    const byDep = await as(ctx, admin, { method: 'GET', url: '/admin/account/lists?group=pro&departement=33' });
    expect(byDep.json().data.items.map((u: { company: { raison_sociale: string } }) => u.company.raison_sociale)).toEqual(['Plans Bordeaux']);
    const pending = await as(ctx, admin, { method: 'GET', url: '/admin/account/lists?group=pro&is_validate=En%20attente' });
    expect(pending.json().data.items.map((u: { id: number }) => u.id)).toEqual([pro.id]);
    const bySiret = await as(ctx, admin, { method: 'GET', url: '/admin/account/lists?group=pro&q=812345' });
    expect(bySiret.json().data.items.map((u: { id: number }) => u.id)).toEqual([pro.id]);
    // Words of the company's name match by their start (decision 0963), not in their middle.
    const byCompanyWord = await as(ctx, admin, { method: 'GET', url: '/admin/account/lists?group=pro&q=plomb' });
    expect(byCompanyWord.json().data.items.map((u: { id: number }) => u.id)).toEqual([pro.id]);
    const midWord = await as(ctx, admin, { method: 'GET', url: '/admin/account/lists?group=pro&q=lomberie' });
    expect(midWord.json().data).toMatchObject({ items: [], total: 0, total_capped: false });
    const bad = await as(ctx, admin, { method: 'GET', url: '/admin/account/lists?group=pro&departement=XX&per_page=1000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('departement');
    expect((await as(ctx, pro, { method: 'GET', url: '/admin/account/lists' })).statusCode).toBe(403);
  });
});

describe('identity check and validation', () => {
  it('checks SIRET in the registry, name, insurance', async () => {
    const res = await as(ctx, admin, { method: 'POST', url: '/api/admin/check-user', payload: { id: pro.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      siret_valid: true,
      registry_found: true,
      registry_active: true,
      registry_name: 'BENALI PLOMBERIE',
      name_matches: true,
      decennale_valid: true,
      rc_pro_valid: true,
      ok: true,
    });
    const [row] = await ctx.db.select().from(companies).where(eq(companies.userId, pro.id));
    expect(row.identityCheckedAt).not.toBeNull();
  });

  it('flags a closed company and a name that does not match', async () => {
    const closed = await createUser(ctx.db, { user_type: 'professionnel', is_validate: 'En attente' });
    await makeCompleteCompany(closed.id, { siret: '79012345900014', siren: '790123459', raisonSociale: 'Autre Nom' });
    const res = await as(ctx, admin, { method: 'POST', url: '/api/admin/check-user', payload: { id: closed.id } });
    expect(res.json().data).toMatchObject({ registry_found: true, registry_active: false, name_matches: false, ok: false });
    const notPro = await as(ctx, admin, { method: 'POST', url: '/api/admin/check-user', payload: { id: admin.id } });
    expect(notPro.statusCode).toBe(404);
  });

  it('validates a professional, mails them, and the tenders menu opens at the next load', async () => {
    const res = await as(ctx, admin, { method: 'POST', url: `/api/admin/validation-user/${pro.id}`, payload: { is_validate: 'Validé' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ is_validate: 'Validé', validation_reason: null });
    const me = await as(ctx, pro, { method: 'GET', url: '/api/me' });
    expect(me.json().data.is_validate).toBe('Validé');
    expect((await as(ctx, pro, { method: 'GET', url: `/api/professionnel/liste-offres/${pro.id}` })).statusCode).toBe(200);
    const sent = await ctx.db.select().from(mails).where(eq(mails.toAddress, pro.email));
    expect(sent.some((m) => /validé/.test(m.subject))).toBe(true);
  });

  it('refuses with a mandatory reason', async () => {
    const noReason = await as(ctx, admin, { method: 'POST', url: `/api/admin/validation-user/${pro.id}`, payload: { is_validate: 'Refusé' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toMatch(/motif/);
    const res = await as(ctx, admin, {
      method: 'POST',
      url: `/api/admin/validation-user/${pro.id}`,
      payload: { is_validate: 'Refusé', reason: 'Attestation décennale illisible' },
    });
    expect(res.json().data).toMatchObject({ is_validate: 'Refusé', validation_reason: 'Attestation décennale illisible' });
    const sent = await ctx.db.select().from(mails).where(eq(mails.toAddress, pro.email));
    expect(sent.some((m) => m.textBody.includes('Attestation décennale illisible'))).toBe(true);
    const status = await as(ctx, pro, { method: 'GET', url: `/api/professionnel/get-status-register/${pro.id}` });
    expect(status.json().data).toMatchObject({ is_validate: 'Refusé', validation_reason: 'Attestation décennale illisible' });
    const client = await createUser(ctx.db, { user_type: 'client' });
    expect((await as(ctx, admin, { method: 'POST', url: `/api/admin/validation-user/${client.id}`, payload: { is_validate: 'Validé' } })).statusCode).toBe(409);
    expect((await as(ctx, pro, { method: 'POST', url: `/api/admin/validation-user/${pro.id}`, payload: { is_validate: 'Validé' } })).statusCode).toBe(403);
  });
});

describe('create, modify and delete accounts', () => {
  it('creates a user of any role with a set-password link', async () => {
    const res = await as(ctx, admin, {
      method: 'POST',
      url: '/admin/account/create-new',
      payload: {
        user_type: 'architecte',
        firstname: 'Inès',
        lastname: 'Roy',
        email: 'ines.roy@exemple.fr',
        phone: '0601020304',
        raison_sociale: 'Roy Architecture',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ user_type: 'architecte', is_validate: 'En attente' });
    const [user] = await ctx.db.select().from(users).where(eq(users.email, 'ines.roy@exemple.fr'));
    expect(user.passwordHash).toBeNull();
    expect(await ctx.db.select().from(passwordTokens).where(eq(passwordTokens.userId, user.id))).toHaveLength(1);
    const [company] = await ctx.db.select().from(companies).where(eq(companies.userId, user.id));
    expect(company.raisonSociale).toBe('Roy Architecture');
    const sent = await ctx.db.select().from(mails).where(eq(mails.toAddress, 'ines.roy@exemple.fr'));
    expect(sent[0].textBody).toMatch(/reset-password\?token=/);

    const dup = await as(ctx, admin, {
      method: 'POST',
      url: '/admin/account/create-new',
      payload: { user_type: 'client', firstname: 'A', lastname: 'B', email: 'INES.ROY@exemple.fr' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({ code: 'EMAIL_TAKEN', fields: { email: expect.stringMatching(/existe déjà/) } });
    const badRole = await as(ctx, admin, {
      method: 'POST',
      url: '/admin/account/create-new',
      payload: { user_type: 'pirate', firstname: 'A', lastname: 'B', email: 'x@exemple.fr' },
    });
    expect(badRole.statusCode).toBe(400);
  });

  it('modifies a user; e-mail stays unique', async () => {
    const client = await createUser(ctx.db, { user_type: 'client' });
    const res = await as(ctx, admin, {
      method: 'PATCH',
      url: '/api/admin/modify-user',
      payload: { id: client.id, firstname: 'Léon', lastname: 'Martin', email: 'leon.martin@exemple.fr', phone: '+33 6 11 22 33 44' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, client.id));
    expect(row).toMatchObject({ firstname: 'Léon', email: 'leon.martin@exemple.fr', phone: '+33611223344' });
    const dup = await as(ctx, admin, {
      method: 'PATCH',
      url: '/api/admin/modify-user',
      payload: { id: client.id, firstname: 'L', lastname: 'M', email: 'anne.zelie@exemple.fr' },
    });
    expect(dup.statusCode).toBe(409);
    const missing = await as(ctx, admin, {
      method: 'PATCH',
      url: '/api/admin/modify-user',
      payload: { id: 999_999, firstname: 'L', lastname: 'M', email: 'z@exemple.fr' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
