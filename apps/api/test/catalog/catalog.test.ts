import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@ouvrage/db/testing';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { catalogIds, insertProject } from '../projects/factories';

const dataDir = mkdtempSync(join(tmpdir(), 'ouvrage-catalog-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const ctx = useTestApp({ dataDir });
let admin: TestUser;
let client: TestUser;
beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  client = await loginAs(ctx, { user_type: 'client' });
});

describe('public catalogue', () => {
  it('lists the seeded categories in order, and the goods of each', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/categoryprojects' });
    expect(res.statusCode).toBe(200);
    const cats = res.json().data;
    expect(cats.map((c: { name: string }) => c.name)).toEqual(['Construction', 'Extension', 'Rénovation', 'Surélévation']);
    const renovation = cats.find((c: { slug: string }) => c.slug === 'renovation');
    const goods = await ctx.app.inject({ method: 'GET', url: `/api/biens/category-bien/${renovation.id}` });
    expect(goods.json().data.map((b: { name: string }) => b.name)).toEqual(['Appartement', 'Maison', 'Commerce', 'Immeuble']);
    const surelevation = cats.find((c: { slug: string }) => c.slug === 'surelevation');
    const raised = await ctx.app.inject({ method: 'GET', url: `/api/biens/category-bien/${surelevation.id}` });
    expect(raised.json().data.map((b: { name: string }) => b.name)).not.toContain('Appartement');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/biens/category-bien/999999' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/biens/category-bien/abc' })).statusCode).toBe(400);
  });
});

describe('admin categories', () => {
  it('creates, reads, updates and deactivates a category; inactive ones leave the journey', async () => {
    const { bien } = await catalogIds(ctx.db, 'renovation', 'commerce');
    const created = await as(ctx, admin, {
      method: 'POST',
      url: '/api/admin/save-category',
      payload: { name: 'Aménagement de combles', description: 'Transformer des combles en pièce à vivre.', icon: 'combles', position: 5, biens: [bien] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const cat = created.json().data;
    expect(cat).toMatchObject({ slug: 'amenagement-de-combles', active: true, biens: [bien], projects_count: 0 });
    const read = await as(ctx, admin, { method: 'GET', url: `/api/admin/edit-category/${cat.id}` });
    expect(read.json().data.name).toBe('Aménagement de combles');
    const dup = await as(ctx, admin, { method: 'POST', url: '/api/admin/save-category', payload: { name: 'aménagement de COMBLES' } });
    expect(dup.statusCode).toBe(409);
    const updated = await as(ctx, admin, {
      method: 'PATCH',
      url: '/api/admin/update-category',
      payload: { id: cat.id, name: 'Combles', active: false, biens: [] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Combles', active: false, biens: [] });
    const pub = (await ctx.app.inject({ method: 'GET', url: '/api/categoryprojects' })).json().data;
    expect(pub.map((c: { id: number }) => c.id)).not.toContain(cat.id);
    const list = await as(ctx, admin, { method: 'GET', url: '/api/admin/list-category?active=false' });
    expect(list.json().data.items.map((c: { id: number }) => c.id)).toEqual([cat.id]);
    expect((await as(ctx, admin, { method: 'DELETE', url: `/api/admin/delete-category/${cat.id}` })).statusCode).toBe(200);
    expect((await as(ctx, admin, { method: 'GET', url: `/api/admin/edit-category/${cat.id}` })).statusCode).toBe(404);
  });

  it('answers 400 with French messages, 401 and 403', async () => {
    const bad = await as(ctx, admin, {
      method: 'POST',
      url: '/api/admin/save-category',
      payload: { name: 'x', position: -1, biens: [999999], icon: 'Pas Bon' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ name: 'Le nom doit comporter au moins 2 caractères.', position: "L'ordre doit être positif." });
    const unknownBien = await as(ctx, admin, { method: 'POST', url: '/api/admin/save-category', payload: { name: 'Piscine', biens: [999999] } });
    expect(unknownBien.statusCode).toBe(400);
    expect(unknownBien.json().error.fields.biens).toBe('Un des biens choisis n’existe pas.');
    expect((await as(ctx, null, { method: 'GET', url: '/api/admin/list-category' })).statusCode).toBe(401);
    expect((await as(ctx, client, { method: 'GET', url: '/api/admin/list-category' })).statusCode).toBe(403);
    expect((await as(ctx, client, { method: 'POST', url: '/api/admin/save-bien', payload: { name: 'Garage' } })).statusCode).toBe(403);
  });

  it('refuses to delete a category or a good that projects use (409), deactivation stays possible', async () => {
    const owner = await createUser(ctx.db, { user_type: 'client' });
    const ids = await catalogIds(ctx.db, 'renovation', 'maison');
    await insertProject(ctx.db, owner.id);
    const delCat = await as(ctx, admin, { method: 'DELETE', url: `/api/admin/delete-category/${ids.projet}` });
    expect(delCat.statusCode).toBe(409);
    expect(delCat.json().error.message).toMatch(/^Cette catégorie est utilisée par 1 projet : désactivez-la/);
    expect(delCat.json().error).toMatchObject({ code: 'CATEGORY_IN_USE', params: { count: 1 } });
    const delBien = await as(ctx, admin, { method: 'DELETE', url: `/api/admin/delete-bien/${ids.bien}` });
    expect(delBien.statusCode).toBe(409);
    const current = (await as(ctx, admin, { method: 'GET', url: `/api/admin/edit-bien/${ids.bien}` })).json().data;
    expect(current.projects_count).toBe(1);
    const off = await as(ctx, admin, {
      method: 'PATCH',
      url: '/api/admin/update-bien',
      payload: { id: ids.bien, name: current.name, categories: current.categories, active: false },
    });
    expect(off.statusCode).toBe(200);
    const goods = (await ctx.app.inject({ method: 'GET', url: `/api/biens/category-bien/${ids.projet}` })).json().data;
    expect(goods.map((b: { id: number }) => b.id)).not.toContain(ids.bien);
    await as(ctx, admin, {
      method: 'PATCH',
      url: '/api/admin/update-bien',
      payload: { id: ids.bien, name: current.name, categories: current.categories, active: true },
    });
  });
});

describe('admin goods', () => {
  it('creates a good linked to categories, filters by category, updates and deletes it', async () => {
    const { projet } = await catalogIds(ctx.db, 'extension', 'maison');
    const res = await as(ctx, admin, {
      method: 'POST',
      url: '/api/admin/save-bien',
      payload: { name: 'Local professionnel', categories: [projet], position: 9 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json().data;
    expect(b).toMatchObject({ slug: 'local-professionnel', categories: [projet] });
    const filtered = await as(ctx, admin, { method: 'GET', url: `/api/admin/list-bien?category_id=${projet}` });
    expect(filtered.json().data.items.map((x: { name: string }) => x.name)).toContain('Local professionnel');
    const upd = await as(ctx, admin, { method: 'PATCH', url: '/api/admin/update-bien', payload: { id: b.id, name: 'Bureaux', categories: [] } });
    expect(upd.json().data).toMatchObject({ name: 'Bureaux', slug: 'local-professionnel', categories: [] });
    expect((await as(ctx, admin, { method: 'PATCH', url: '/api/admin/update-bien', payload: { id: 999999, name: 'Bureaux' } })).statusCode).toBe(404);
    expect((await as(ctx, admin, { method: 'DELETE', url: `/api/admin/delete-bien/${b.id}` })).statusCode).toBe(200);
  });
});

describe('category image', () => {
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
  function form(name: string, type: string, bytes: Buffer) {
    const boundary = '----cat' + Math.random().toString(16).slice(2);
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  it('stores a picture checked from its content and serves it publicly', async () => {
    const { projet } = await catalogIds(ctx.db, 'extension', 'maison');
    const res = await as(ctx, admin, { method: 'POST', url: `/api/admin/category-image/${projet}`, ...form('veranda.png', 'image/png', PNG) });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.image_path as string;
    expect(url).toMatch(new RegExp(`^/api/category-image/${projet}\\?v=\\d+$`));
    const img = await ctx.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    const pub = (await ctx.app.inject({ method: 'GET', url: '/api/categoryprojects' })).json().data;
    expect(pub.find((c: { id: number }) => c.id === projet).image_path).toBe(url);
    const pdf = await as(ctx, admin, {
      method: 'POST',
      url: `/api/admin/category-image/${projet}`,
      ...form('x.png', 'image/png', Buffer.from('%PDF-1.4 fake')),
    });
    expect(pdf.statusCode).toBe(415);
    expect((await as(ctx, client, { method: 'POST', url: `/api/admin/category-image/${projet}`, ...form('veranda.png', 'image/png', PNG) })).statusCode).toBe(
      403,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/category-image/999999' })).statusCode).toBe(404);
  });
});
