import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { mails, projectActivity, projectFiles, projects, users } from '@ouvrage/db';
import { createUser } from '@ouvrage/db/testing';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { acceptedTender, catalogIds, insertProject, journeyBody } from './factories';

const dataDir = mkdtempSync(join(tmpdir(), 'ouvrage-projects-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const ctx = useTestApp({ dataDir });

let ids: { projet: number; bien: number };
let admin: TestUser;
beforeAll(async () => {
  ids = await catalogIds(ctx.db);
  admin = await loginAs(ctx, { user_type: 'admin' });
});

const body = (overrides: Record<string, unknown> = {}) => journeyBody(overrides, ids);

async function mailsTo(email: string) {
  return ctx.db
    .select()
    .from(mails)
    .where(sql`lower(${mails.toAddress}) = ${email.toLowerCase()}`)
    .orderBy(desc(mails.id));
}

function multipart(fields: Record<string, string>, files: Array<{ name: string; filename: string; type: string; bytes: Buffer }>) {
  const boundary = '----ouvrage' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`));
    chunks.push(f.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);

describe('POST /api/projects', () => {
  it('creates the client account and the project for a visitor, with a set-password link and a recap', async () => {
    const b = body({ latitude: 48.8686, longitude: 2.331 });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/projects', payload: b });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({ project: null, message: expect.stringContaining(b.email) });
    const [row] = await ctx.db.select().from(projects).where(eq(projects.email, b.email));
    const data = { project: (await as(ctx, admin, { method: 'GET', url: `/api/project/detail-project/${row.id}` })).json().data.project };
    expect(data.project).toMatchObject({
      latitude: 48.8686,
      longitude: 2.331,
      state: 'En attente',
      stage: 'Étude',
      codePostale: '75002',
      cityCode: '75102',
      departement: '75',
      category_name: 'Rénovation',
      bien_name: 'Maison',
      valueBien: 35_000_000,
      budget_min_cents: 3_000_000,
      budget_max_cents: 6_000_000,
    });
    const [user] = await ctx.db.select().from(users).where(eq(users.email, b.email));
    expect(user).toMatchObject({ userType: 'client', passwordHash: null, firstname: 'Claire', lastname: 'Durand', civility: 'Mme' });
    expect(data.project.client_id).toBe(user.id);
    const sent = await mailsTo(b.email);
    expect(sent.map((m) => m.subject).sort()).toEqual(
      ['Bienvenue sur Ouvrage : choisissez votre mot de passe', `Votre projet n° ${data.project.id} est bien enregistré`].sort(),
    );
    const invite = sent.find((m) => m.subject.startsWith('Bienvenue'))!;
    const token = invite.textBody.match(/reset-password\?token=([^\s]+)/)![1];
    // The visitor sets the password from the mail, then logs in and sees the project.
    const set = await ctx.app.inject({
      method: 'POST',
      url: '/api/save-new-password',
      payload: { token: decodeURIComponent(token), password: 'Chantier2026x', password_confirmation: 'Chantier2026x' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: b.email, password: 'Chantier2026x' } });
    expect(login.statusCode).toBe(200);
    const client = { token: login.json().data.token.token };
    const list = await as(ctx, client, { method: 'GET', url: `/api/project/list-per-user/${user.id}` });
    expect(list.json().data.items.map((p: { id: number }) => p.id)).toEqual([data.project.id]);
    const [created] = await ctx.db.select().from(projectActivity).where(eq(projectActivity.projectId, data.project.id));
    expect(created).toMatchObject({ action: 'created', actorId: user.id });
  });

  it('answers a visitor whose e-mail already has an account as any visitor, creates nothing and tells the address by mail', async () => {
    const existing = await createUser(ctx.db, { user_type: 'client' });
    const count = async (table: typeof projects | typeof users) => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
    const before = { projects: await count(projects), users: await count(users) };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/projects', payload: body({ email: existing.email.toUpperCase() }) });
    const fresh = await ctx.app.inject({ method: 'POST', url: '/api/projects', payload: body({ email: 'inconnu.du.site@exemple.fr' }) });
    // Same status, same answer but for the address: the form does not reveal who has an account.
    expect(res.statusCode, res.body).toBe(fresh.statusCode);
    expect(res.json().data.message.replace(existing.email, 'x')).toBe(fresh.json().data.message.replace('inconnu.du.site@exemple.fr', 'x'));
    expect(res.json().data.project).toBeNull();
    expect(await count(projects)).toBe(before.projects + 1);
    expect(await count(users)).toBe(before.users + 1);
    const told = await mailsTo(existing.email);
    expect(told.map((m) => m.subject)).toEqual(['Votre demande de projet sur Ouvrage']);
    expect(told[0].textBody).toMatch(/Un compte Ouvrage existe déjà/);
    expect(told[0].textBody).toMatch(/\/login/);
  });

  it('attaches the project to a logged-in client without creating an account', async () => {
    const client = await loginAs(ctx, { user_type: 'client' });
    const res = await as(ctx, client, { method: 'POST', url: '/api/projects', payload: body({ email: client.email }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ project: { client_id: client.id, can_edit: true } });
  });

  it('refuses professionals and admins (403)', async () => {
    const pro = await loginAs(ctx, { user_type: 'professionnel' });
    expect((await as(ctx, pro, { method: 'POST', url: '/api/projects', payload: body() })).statusCode).toBe(403);
    expect((await as(ctx, admin, { method: 'POST', url: '/api/projects', payload: body() })).statusCode).toBe(403);
  });

  it('answers 400 with a French message per field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/projects',
      payload: body({ email: 'pas-un-mail', phone: '12', surface: 50, surfaceTravaux: 80, budget: 'gratuit', codePostale: '750' }),
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields;
    expect(fields.budget).toBe('Choisissez une fourchette de budget.');
    const res2 = await ctx.app.inject({
      method: 'POST',
      url: '/api/projects',
      payload: body({ email: 'pas-un-mail', phone: '12', surface: 50, surfaceTravaux: 80, codePostale: '750' }),
    });
    const f2 = res2.json().error.fields;
    expect(f2).toMatchObject({
      email: "L'adresse e-mail n'est pas valide.",
      surfaceTravaux: 'La surface des travaux ne peut pas dépasser la surface du bien.',
      codePostale: 'Le code postal doit comporter 5 chiffres.',
    });
    expect(f2.phone).toMatch(/téléphone/);
    const surfaces = await ctx.app.inject({ method: 'POST', url: '/api/projects', payload: body({ surface: -5, surfaceTravaux: 0 }) });
    expect(surfaces.json().error.fields).toMatchObject({
      surface: 'La surface du bien doit être un nombre positif.',
      surfaceTravaux: 'La surface des travaux doit être un nombre positif.',
    });
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/projects', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().error.fields).length).toBeGreaterThan(10);
  });

  it('checks that the postcode belongs to the commune and the good to the category', async () => {
    const wrongCp = await ctx.app.inject({ method: 'POST', url: '/api/projects', payload: body({ codePostale: '69007' }) });
    expect(wrongCp.statusCode).toBe(400);
    expect(wrongCp.json().error.fields.codePostale).toBe('Le code postal 69007 ne correspond pas à la commune Paris 2e Arrondissement.');
    const apartment = await catalogIds(ctx.db, 'surelevation', 'appartement');
    const wrongBien = await ctx.app.inject({ method: 'POST', url: '/api/projects', payload: journeyBody({}, apartment) });
    expect(wrongBien.json().error.fields.bien).toBe('Ce type de bien ne correspond pas à la catégorie choisie.');
    const entreprise = await ctx.app.inject({ method: 'POST', url: '/api/projects', payload: body({ typeClient: 'entreprise', siret: '12345678901234' }) });
    expect(entreprise.json().error.fields).toMatchObject({
      companyName: expect.any(String),
      siret: "Ce numéro SIRET n'est pas valide (clé de contrôle incorrecte).",
    });
  });
});

describe('reading projects', () => {
  it('list-per-user and detail-project answer the owner, attributed professionals and admins only', async () => {
    const owner = await loginAs(ctx, { user_type: 'client' });
    const other = await loginAs(ctx, { user_type: 'client' });
    const pro = await loginAs(ctx, { user_type: 'professionnel' });
    const stranger = await loginAs(ctx, { user_type: 'professionnel' });
    const p = await insertProject(ctx.db, owner.id);
    await acceptedTender(ctx.db, p.id, pro.id);
    const url = `/api/project/detail-project/${p.id}`;
    expect((await as(ctx, null, { method: 'GET', url })).statusCode).toBe(401);
    expect((await as(ctx, owner, { method: 'GET', url })).statusCode).toBe(200);
    expect((await as(ctx, pro, { method: 'GET', url })).statusCode).toBe(200);
    expect((await as(ctx, admin, { method: 'GET', url })).statusCode).toBe(200);
    expect((await as(ctx, other, { method: 'GET', url })).statusCode).toBe(403);
    expect((await as(ctx, stranger, { method: 'GET', url })).statusCode).toBe(403);
    expect((await as(ctx, other, { method: 'GET', url: '/api/project/detail-project/99999999' })).statusCode).toBe(403);
    expect((await as(ctx, admin, { method: 'GET', url: '/api/project/detail-project/99999999' })).statusCode).toBe(404);
    expect((await as(ctx, other, { method: 'GET', url: `/api/project/list-per-user/${owner.id}` })).statusCode).toBe(403);
    expect((await as(ctx, pro, { method: 'GET', url: `/api/project/list-per-user/${pro.id}` })).statusCode).toBe(403);
    const list = await as(ctx, admin, { method: 'GET', url: `/api/project/list-per-user/${owner.id}` });
    expect(list.json().data).toMatchObject({ total: 1, items: [{ id: p.id, state: 'En attente' }] });
    const full = (await as(ctx, owner, { method: 'GET', url })).json().data;
    expect(full.project).toMatchObject({ id: p.id, next_states: [], can_edit: true });
    const adminView = (await as(ctx, admin, { method: 'GET', url })).json().data;
    expect(adminView.project.next_states).toEqual(['Validé', 'Annulé']);
  });
});

describe('PATCH /api/project/update/{id}', () => {
  it('lets the client edit while En attente, records the change, and refuses once validated (409)', async () => {
    const owner = await loginAs(ctx, { user_type: 'client' });
    const p = await insertProject(ctx.db, owner.id, { propertyValueCents: 20_000_000 });
    const url = `/api/project/update/${p.id}`;
    const ok = await as(ctx, owner, { method: 'PATCH', url, payload: { surfaceTravaux: 60, budget: '60k-100k' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ surfaceTravaux: 60, budget: '60k-100k', budget_min_cents: 6_000_000, valueBien: 20_000_000 });
    const [activity] = await ctx.db.select().from(projectActivity).where(eq(projectActivity.projectId, p.id));
    expect(activity.message).toBe('surfaceTravaux,budget');
    const tooBig = await as(ctx, owner, { method: 'PATCH', url, payload: { surfaceTravaux: 500 } });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.fields.surfaceTravaux).toBeDefined();
    const other = await loginAs(ctx, { user_type: 'client' });
    expect((await as(ctx, other, { method: 'PATCH', url, payload: { surface: 90 } })).statusCode).toBe(403);
    await ctx.db.update(projects).set({ state: 'Validé' }).where(eq(projects.id, p.id));
    const locked = await as(ctx, owner, { method: 'PATCH', url, payload: { surface: 90 } });
    expect(locked.statusCode).toBe(409);
    expect((await as(ctx, admin, { method: 'PATCH', url, payload: { surface: 90 } })).statusCode).toBe(200);
  });
});

describe('complementary details and files', () => {
  it('adds a detail for the owner, refuses others', async () => {
    const owner = await loginAs(ctx, { user_type: 'client' });
    const other = await loginAs(ctx, { user_type: 'client' });
    const p = await insertProject(ctx.db, owner.id);
    const payload = { project_id: p.id, question: 'Le terrain est-il viabilisé ?', answer: 'Oui, eau et électricité.' };
    const res = await as(ctx, owner, { method: 'POST', url: '/api/project/detail-project/add-detail', payload });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.details).toEqual([expect.objectContaining({ question: payload.question, answer: payload.answer })]);
    expect(res.json().data.activity[0]).toMatchObject({ action: 'detail' });
    expect((await as(ctx, other, { method: 'POST', url: '/api/project/detail-project/add-detail', payload })).statusCode).toBe(403);
    expect((await as(ctx, null, { method: 'POST', url: '/api/project/detail-project/add-detail', payload })).statusCode).toBe(401);
    const bad = await as(ctx, owner, {
      method: 'POST',
      url: '/api/project/detail-project/add-detail',
      payload: { project_id: p.id, question: '', answer: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ question: 'La question est obligatoire.', answer: 'La réponse est obligatoire.' });
  });

  it('uploads PDF and PNG files checked from their content, then downloads and previews them for owners only', async () => {
    const owner = await loginAs(ctx, { user_type: 'client' });
    const other = await loginAs(ctx, { user_type: 'client' });
    const p = await insertProject(ctx.db, owner.id);
    const form = multipart({}, [
      { name: 'file', filename: 'plan rez-de-chaussée.pdf', type: 'application/pdf', bytes: PDF },
      { name: 'file', filename: 'façade.png', type: 'image/png', bytes: PNG },
    ]);
    const res = await as(ctx, owner, { method: 'POST', url: `/api/project/detail-project/upload-file?project_id=${p.id}`, ...form });
    expect(res.statusCode, res.body).toBe(201);
    const files = res.json().data;
    expect(files.map((f: { name: string; mime_type: string }) => [f.name, f.mime_type])).toEqual([
      ['plan rez-de-chaussée.pdf', 'application/pdf'],
      ['façade.png', 'image/png'],
    ]);
    const download = await as(ctx, owner, { method: 'GET', url: `/api/project/file/${files[0].id}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; .*filename\*=UTF-8''plan%20rez-de-chauss%C3%A9e\.pdf/);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    const preview = await as(ctx, admin, { method: 'GET', url: `/api/project/file/${files[1].id}?disposition=inline` });
    expect(preview.headers['content-disposition']).toMatch(/^inline/);
    expect((await as(ctx, other, { method: 'GET', url: `/api/project/file/${files[0].id}` })).statusCode).toBe(403);
    expect((await as(ctx, null, { method: 'GET', url: `/api/project/file/${files[0].id}` })).statusCode).toBe(401);
    // Someone else's project: refused before anything is stored.
    const theirs = await as(ctx, other, {
      method: 'POST',
      url: `/api/project/detail-project/upload-file?project_id=${p.id}`,
      ...multipart({}, [{ name: 'file', filename: 'x.pdf', type: 'application/pdf', bytes: PDF }]),
    });
    expect(theirs.statusCode).toBe(403);
  });

  it('refuses a file whose content is not PDF, JPEG or PNG (415), whatever its name says, and files over 20 MB (413)', async () => {
    const owner = await loginAs(ctx, { user_type: 'client' });
    const p = await insertProject(ctx.db, owner.id);
    const fake = await as(ctx, owner, {
      method: 'POST',
      url: `/api/project/detail-project/upload-file?project_id=${p.id}`,
      ...multipart({}, [{ name: 'file', filename: 'plan.pdf', type: 'application/pdf', bytes: Buffer.from('MZ\x90\x00 not a pdf') }]),
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toMatch(/Formats acceptés : PDF, JPEG, PNG/);
    const huge = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]);
    const big = await as(ctx, owner, {
      method: 'POST',
      url: `/api/project/detail-project/upload-file?project_id=${p.id}`,
      ...multipart({}, [{ name: 'file', filename: 'gros.pdf', type: 'application/pdf', bytes: huge }]),
    });
    expect(big.statusCode).toBe(413);
    const json = await as(ctx, owner, { method: 'POST', url: `/api/project/detail-project/upload-file?project_id=${p.id}`, payload: { project_id: p.id } });
    expect(json.statusCode).toBe(415);
    expect(await ctx.db.select().from(projectFiles).where(eq(projectFiles.projectId, p.id))).toEqual([]);
  });
});

describe('admin project list', () => {
  it('searches, filters and paginates', async () => {
    const client = await createUser(ctx.db, { user_type: 'client' });
    const ids2 = await catalogIds(ctx.db, 'extension', 'maison');
    await insertProject(ctx.db, client.id, { lastname: 'Éléonore-Zébulon', searchText: 'eleonore zebulon paul lyon 69007 69' });
    await insertProject(ctx.db, client.id, {
      state: 'Validé',
      stage: 'Conception',
      departement: '2A',
      categoryId: ids2.projet,
      createdAt: new Date('2025-03-10T10:00:00Z'),
    });
    const get = (qs: string) => as(ctx, admin, { method: 'GET', url: `/api/admin/project/list-project?${qs}` });
    const search = await get(`q=${encodeURIComponent('zébul')}`);
    expect(search.statusCode).toBe(200);
    expect(search.json().data.items.map((i: { client_name: string }) => i.client_name)).toEqual(['Paul Éléonore-Zébulon']);
    expect((await get('state=Valid%C3%A9&departement=2a')).json().data.total).toBe(1);
    expect((await get('stage=Conception')).json().data.items[0].departement).toBe('2A');
    expect((await get(`category_id=${ids2.projet}`)).json().data.total).toBe(1);
    expect((await get('date_from=2025-03-10&date_to=2025-03-10')).json().data.total).toBe(1);
    expect((await get('date_to=2025-03-09')).json().data.total).toBe(0);
    const page = (await get('per_page=2&page=2')).json().data;
    expect(page).toMatchObject({ page: 2, per_page: 2 });
    expect(page.items.length).toBeLessThanOrEqual(2);
    const bad = await get('state=Perdu&departement=999x&date_from=hier');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['date_from', 'departement', 'state']);
    const client2 = await loginAs(ctx, { user_type: 'client' });
    expect((await as(ctx, client2, { method: 'GET', url: '/api/admin/project/list-project' })).statusCode).toBe(403);
    expect((await as(ctx, null, { method: 'GET', url: '/api/admin/project/list-project' })).statusCode).toBe(401);
  });
});

describe('state and stage changes', () => {
  it('follows the transitions, records the history and mails the client; a forbidden move answers 409', async () => {
    const owner = await loginAs(ctx, { user_type: 'client' });
    const p = await insertProject(ctx.db, owner.id, { email: `suivi.${Date.now()}@exemple.fr` });
    const change = (payload: object, path = 'change-state') => as(ctx, admin, { method: 'POST', url: `/api/admin/project/${path}`, payload });
    const ok = await change({ project_id: p.id, state: 'Validé', comment: 'Dossier complet.' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ state: 'Validé', next_states: ['En consultation', 'Annulé'] });
    const jump = await change({ project_id: p.id, state: 'En cours' });
    expect(jump.statusCode).toBe(409);
    expect(jump.json().error.message).toBe("Un projet « Validé » ne peut passer qu'à « En consultation » ou « Annulé », pas à « En cours ».");
    // A business refusal carries its own code and the parameters the web app translates.
    expect(jump.json().error).toMatchObject({ code: 'STATE_TRANSITION', params: { from: 'Validé', to: 'En cours', allowed: 'En consultation, Annulé' } });
    expect((await change({ project_id: p.id, stage: 'Permis de construire' }, 'change-stage')).statusCode).toBe(200);
    const back = await change({ project_id: p.id, stage: 'Conception' }, 'change-stage');
    expect(back.statusCode).toBe(409);
    expect((await change({ project_id: p.id, state: 'Annulé' })).statusCode).toBe(200);
    expect((await change({ project_id: p.id, state: 'Validé' })).statusCode).toBe(409);
    expect((await change({ project_id: p.id, stage: 'Travaux' }, 'change-stage')).statusCode).toBe(409);
    expect((await change({ project_id: 99999999, state: 'Validé' })).statusCode).toBe(404);
    expect((await change({ project_id: p.id, state: 'Perdu' })).statusCode).toBe(400);

    const history = (await as(ctx, owner, { method: 'GET', url: `/api/project/detail-project/${p.id}` })).json().data.activity;
    expect(history.map((a: { action: string; to_value: string }) => `${a.action}:${a.to_value}`)).toEqual([
      'state:Annulé',
      'stage:Permis de construire',
      'state:Validé',
    ]);
    expect(history[2]).toMatchObject({ from_value: 'En attente', message: 'Dossier complet.', actor_name: expect.any(String) });
    const subjects = (await mailsTo(p.email)).map((m) => m.subject);
    expect(subjects).toEqual([
      `Votre projet n° ${p.id} est désormais « Annulé »`,
      `Votre projet n° ${p.id} passe à l'étape « Permis de construire »`,
      `Votre projet n° ${p.id} est désormais « Validé »`,
    ]);
    expect((await as(ctx, owner, { method: 'POST', url: '/api/admin/project/change-state', payload: { project_id: p.id, state: 'Validé' } })).statusCode).toBe(
      403,
    );
  });
});

describe('DELETE /admin/supprimer/projet/{id}', () => {
  it('deletes the project with its files, for admins only', async () => {
    const owner = await loginAs(ctx, { user_type: 'client' });
    const p = await insertProject(ctx.db, owner.id);
    const form = multipart({}, [{ name: 'file', filename: 'plan.pdf', type: 'application/pdf', bytes: PDF }]);
    expect((await as(ctx, owner, { method: 'POST', url: `/api/project/detail-project/upload-file?project_id=${p.id}`, ...form })).statusCode).toBe(201);
    const [file] = await ctx.db.select().from(projectFiles).where(eq(projectFiles.projectId, p.id));
    const [year, month, name] = file.storageKey.split('/');
    expect(readdirSync(join(dataDir, 'files', year, month))).toContain(name);
    expect((await as(ctx, owner, { method: 'DELETE', url: `/admin/supprimer/projet/${p.id}` })).statusCode).toBe(403);
    const res = await as(ctx, admin, { method: 'DELETE', url: `/admin/supprimer/projet/${p.id}` });
    expect(res.statusCode).toBe(200);
    expect(await ctx.db.select().from(projects).where(eq(projects.id, p.id))).toEqual([]);
    expect(readdirSync(join(dataDir, 'files', year, month))).not.toContain(name);
    expect((await as(ctx, admin, { method: 'DELETE', url: `/admin/supprimer/projet/${p.id}` })).statusCode).toBe(404);
  });
});
