import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '@ouvrage/db';
import { createTestDatabase } from '@ouvrage/db/testing';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { catalogIds } from '../projects/factories';

/** Issue 15 — the catalogue's English and Arabic labels: filled by the admin, served to everyone. */
const ctx = useTestApp();
let admin: TestUser;
beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
});

const EMPTY = { name: '', description: '' };

describe('catalogue translations', () => {
  it('serves the reference catalogue with its English and Arabic names on the public reads', async () => {
    const cats = (await ctx.app.inject({ method: 'GET', url: '/api/categoryprojects' })).json().data;
    const renovation = cats.find((c: { slug: string }) => c.slug === 'renovation');
    expect(renovation.translations).toEqual({
      en: { name: 'Renovation', description: 'Renovate, refit or bring an existing property up to standard.' },
      ar: { name: 'تجديد', description: 'تجديد عقار قائم أو إعادة تهيئته أو مطابقته للمعايير.' },
    });
    const goods = (await ctx.app.inject({ method: 'GET', url: `/api/biens/category-bien/${renovation.id}` })).json().data;
    expect(goods.find((b: { slug: string }) => b.slug === 'maison').translations).toEqual({
      en: { name: 'House', description: '' },
      ar: { name: 'منزل', description: '' },
    });
  });

  it('saves a category with its translations, keeps a language left out, and serves inactive ones in the labels', async () => {
    const { bien } = await catalogIds(ctx.db, 'renovation', 'maison');
    const created = await as(ctx, admin, {
      method: 'POST',
      url: '/api/admin/save-category',
      payload: {
        name: 'Piscine',
        description: 'Construire ou rénover une piscine.',
        biens: [bien],
        translations: { en: { name: '  Swimming pool ', description: 'Build or renovate a swimming pool.' }, ar: { name: 'مسبح' } },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const cat = created.json().data;
    expect(cat.translations).toEqual({
      en: { name: 'Swimming pool', description: 'Build or renovate a swimming pool.' },
      ar: { name: 'مسبح', description: '' },
    });

    // Only English sent: the Arabic stays as it was.
    const updated = await as(ctx, admin, {
      method: 'PATCH',
      url: '/api/admin/update-category',
      payload: { id: cat.id, name: 'Piscine', description: cat.description, biens: [bien], translations: { en: { name: 'Pool', description: '' } } },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.translations).toEqual({ en: { name: 'Pool', description: '' }, ar: { name: 'مسبح', description: '' } });
    // No translations at all (an older client): both kept.
    const untouched = await as(ctx, admin, {
      method: 'PATCH',
      url: '/api/admin/update-category',
      payload: { id: cat.id, name: 'Piscine', description: cat.description, biens: [bien], active: false },
    });
    expect(untouched.json().data.translations.ar.name).toBe('مسبح');
    expect((await as(ctx, admin, { method: 'GET', url: `/api/admin/edit-category/${cat.id}` })).json().data.translations.en.name).toBe('Pool');

    // Inactive, it leaves the journey but keeps its labels: projects may still name it.
    const labels = await ctx.app.inject({ method: 'GET', url: '/api/catalog-labels' });
    expect(labels.statusCode).toBe(200);
    const { categories, biens } = labels.json().data;
    expect(categories.find((c: { id: number }) => c.id === cat.id)).toEqual({
      id: cat.id,
      slug: 'piscine',
      name: 'Piscine',
      description: 'Construire ou rénover une piscine.',
      translations: { en: { name: 'Pool', description: '' }, ar: { name: 'مسبح', description: '' } },
    });
    expect(biens.map((b: { slug: string }) => b.slug)).toEqual(['appartement', 'maison', 'commerce', 'immeuble']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/categoryprojects' })).json().data.map((c: { id: number }) => c.id)).not.toContain(cat.id);
  });

  it('saves a good with its translations; a new good without any is untranslated', async () => {
    const plain = await as(ctx, admin, { method: 'POST', url: '/api/admin/save-bien', payload: { name: 'Garage' } });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().data.translations).toEqual({ en: EMPTY, ar: EMPTY });
    const translated = await as(ctx, admin, {
      method: 'PATCH',
      url: '/api/admin/update-bien',
      payload: {
        id: plain.json().data.id,
        name: 'Garage',
        translations: { en: { name: 'Garage', description: 'A detached garage.' }, ar: { name: 'مرآب', description: '' } },
      },
    });
    expect(translated.statusCode, translated.body).toBe(200);
    expect((await as(ctx, admin, { method: 'GET', url: `/api/admin/edit-bien/${plain.json().data.id}` })).json().data.translations).toEqual({
      en: { name: 'Garage', description: 'A detached garage.' },
      ar: { name: 'مرآب', description: '' },
    });
  });

  it('refuses a translated name of one character or over 80, with the field named', async () => {
    const bad = await as(ctx, admin, {
      method: 'POST',
      url: '/api/admin/save-bien',
      payload: { name: 'Cave', translations: { en: { name: 'C', description: '' }, ar: { name: 'ق'.repeat(81), description: '' } } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      'translations.en.name': 'Le nom traduit doit comporter au moins 2 caractères, ou rester vide.',
      'translations.ar.name': 'Le nom traduit ne peut pas dépasser 80 caractères.',
    });
  });
});

describe('migration 0017', () => {
  it('translates the reference catalogue of an existing database, but not what the admin renamed', async () => {
    const handle = await createTestDatabase();
    try {
      // The database as it was before 0017 (catalogue seeded, no translations), with one good renamed by the admin.
      await handle.execScript(
        "ALTER TABLE categories DROP COLUMN translations; ALTER TABLE biens DROP COLUMN translations; UPDATE biens SET name = 'Pavillon' WHERE slug = 'maison';",
      );
      await handle.execScript(readFileSync(join(MIGRATIONS_DIR, '0017_catalog_translations.sql'), 'utf8'));
      const rows = await handle.query<{ slug: string; translations: { en?: { name: string } } }>('SELECT slug, translations FROM biens ORDER BY position');
      const [construction] = await handle.query<{ translations: { ar?: { name: string } } }>("SELECT translations FROM categories WHERE slug = 'construction'");
      expect(construction.translations.ar?.name).toBe('بناء');
      expect(rows.map((r) => [r.slug, r.translations.en?.name ?? null])).toEqual([
        ['appartement', 'Flat'],
        ['maison', null],
        ['commerce', 'Shop'],
        ['immeuble', 'Block of flats'],
      ]);
    } finally {
      await handle.close();
    }
  });
});
