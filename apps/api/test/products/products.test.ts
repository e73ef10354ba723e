import { beforeAll, describe, expect, it } from 'vitest';
import { registerProductUse } from '../../src/modules/products';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { platformProduct } from './factories';

const ctx = useTestApp();
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let pending: TestUser;
let client: TestUser;
let platformId: number;
const usedIds = new Set<number>();

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  alice = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  bob = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  pending = await loginAs(ctx, { user_type: 'architecte', is_validate: 'En attente' });
  client = await loginAs(ctx, { user_type: 'client' });
  platformId = await platformProduct(ctx.db, { name: 'Béton prêt à l’emploi', reference: 'PLAT-001', lot: 'Gros œuvre', unit: 'm³' });
  registerProductUse(ctx.app.deps, { name: 'quotes-test', uses: async (_tx, id) => usedIds.has(id) });
});

const tile = {
  name: 'Carrelage grès cérame 60×60',
  reference: 'CAR-60',
  lot: 'Revêtements de sol',
  unit: 'm²',
  unit_price_cents: 123_456,
  tva_rate_bp: 1000,
  description: 'Pose droite, joints 2 mm.',
};

async function create(user: TestUser, body: Record<string, unknown> = tile) {
  const res = await as(ctx, user, { method: 'POST', url: '/api/produit', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; owner_id: number | null; platform: boolean; editable: boolean };
}

function multipart(csv: string | Buffer, filename = 'produits.csv') {
  const boundary = '----ouvrage-test';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(csv) ? csv : Buffer.from(csv, 'utf8'), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('products CRUD', () => {
  it('creates, reads, lists, updates an architect’s product', async () => {
    const p = await create(alice);
    expect(p).toMatchObject({ owner_id: alice.id, platform: false, editable: true });
    const read = await as(ctx, alice, { method: 'GET', url: `/api/produit/find/${p.id}` });
    expect(read.json().data).toMatchObject({ name: tile.name, unit_price_cents: 123_456, tva_rate_bp: 1000, lot: 'Revêtements de sol', unit: 'm²' });
    const upd = await as(ctx, alice, { method: 'PATCH', url: `/api/produit/update/${p.id}`, payload: { unit_price_cents: 9_990, name: 'Carrelage 30×30' } });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data).toMatchObject({ name: 'Carrelage 30×30', unit_price_cents: 9_990, reference: 'CAR-60' });
    const list = await as(ctx, alice, { method: 'GET', url: '/api/produit?search=carrelage' });
    expect(list.json().data.items.map((i: { id: number }) => i.id)).toEqual([p.id]);
  });

  it('searches by name or reference, filters by lot, paginates, hides archived products unless asked', async () => {
    const a = await create(bob, { ...tile, name: 'Tuile terre cuite', reference: 'TUI-01', lot: 'Couverture', unit: 'u', unit_price_cents: 150 });
    const b = await create(bob, { ...tile, name: 'Gouttière zinc', reference: 'ZN-16', lot: 'Couverture', unit: 'ml', unit_price_cents: 3_200 });
    await create(bob, { ...tile, name: 'Câble 3G2,5', reference: 'CAB-25', lot: 'Électricité', unit: 'ml', unit_price_cents: 120, tva_rate_bp: 2000 });
    const byRef = await as(ctx, bob, { method: 'GET', url: '/api/produit?search=zn-1' });
    expect(byRef.json().data.items.map((i: { id: number }) => i.id)).toEqual([b.id]);
    const byLot = await as(ctx, bob, { method: 'GET', url: `/api/produit?lot=${encodeURIComponent('Couverture')}` });
    expect(
      byLot
        .json()
        .data.items.map((i: { id: number }) => i.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    const page = await as(ctx, bob, { method: 'GET', url: '/api/produit?per_page=2&page=2' });
    expect(page.json().data).toMatchObject({ total: 4, page: 2, per_page: 2 });
    expect(page.json().data.items).toHaveLength(2);
    await as(ctx, bob, { method: 'PATCH', url: `/api/produit/update/${a.id}`, payload: { archived: true } });
    const frozen = await as(ctx, bob, { method: 'PATCH', url: `/api/produit/update/${a.id}`, payload: { name: 'Tuile mécanique' } });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().error.code).toBe('PRODUCT_ARCHIVED');
    const visible = await as(ctx, bob, { method: 'GET', url: '/api/produit?lot=Couverture' });
    expect(visible.json().data.items.map((i: { id: number }) => i.id)).toEqual([b.id]);
    const withArchived = await as(ctx, bob, { method: 'GET', url: '/api/produit?lot=Couverture&archived=true' });
    expect(withArchived.json().data.total).toBe(2);
    const wildcard = await as(ctx, bob, { method: 'GET', url: '/api/produit?search=%25' });
    expect(wildcard.json().data.total).toBe(0);
  });

  it('refuses bad input with French 400s', async () => {
    for (const body of [
      { ...tile, name: 'x' },
      { ...tile, lot: 'Jardinage' },
      { ...tile, unit: 'kg' },
      { ...tile, unit_price_cents: -1 },
      { ...tile, unit_price_cents: 12.5 },
      { ...tile, tva_rate_bp: 1900 },
      {},
    ]) {
      const res = await as(ctx, alice, { method: 'POST', url: '/api/produit', payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toMatch(/[a-zé]/);
    }
    const bad = await as(ctx, alice, { method: 'POST', url: '/api/produit', payload: { ...tile, tva_rate_bp: 1900 } });
    expect(JSON.stringify(bad.json().error)).toContain('5,5 %');
    expect((await as(ctx, alice, { method: 'GET', url: '/api/produit?lot=Jardinage' })).statusCode).toBe(400);
    expect((await as(ctx, alice, { method: 'GET', url: '/api/produit?per_page=500' })).statusCode).toBe(400);
    const own = await create(alice, { ...tile, name: 'Faïence murale' });
    const badPatch = await as(ctx, alice, { method: 'PATCH', url: `/api/produit/update/${own.id}`, payload: { unit: 'kg' } });
    expect(badPatch.statusCode).toBe(400);
    expect((await as(ctx, alice, { method: 'PATCH', url: `/api/produit/update/${own.id}`, payload: { unit_price_cents: '12,50' } })).statusCode).toBe(400);
  });
});

describe('who sees and changes what', () => {
  it('an architect never sees nor changes another architect’s products', async () => {
    const mine = await create(alice, { ...tile, name: 'Enduit de façade', reference: 'ENDUIT-A', lot: 'Maçonnerie' });
    const list = await as(ctx, bob, { method: 'GET', url: '/api/produit?search=ENDUIT-A' });
    expect(list.json().data.total).toBe(0);
    expect((await as(ctx, bob, { method: 'GET', url: `/api/produit/find/${mine.id}` })).statusCode).toBe(404);
    expect((await as(ctx, bob, { method: 'PATCH', url: `/api/produit/update/${mine.id}`, payload: { name: 'Volé' } })).statusCode).toBe(403);
    expect((await as(ctx, bob, { method: 'DELETE', url: `/api/produit/delete/${mine.id}` })).statusCode).toBe(403);
    const csv = await as(ctx, bob, { method: 'GET', url: '/api/produit/export' });
    expect(csv.body).not.toContain('ENDUIT-A');
    expect((await as(ctx, alice, { method: 'GET', url: `/api/produit/find/${mine.id}` })).statusCode).toBe(200);
  });

  it('platform products are listed for every architect, read-only; the admin manages them', async () => {
    const list = await as(ctx, alice, { method: 'GET', url: '/api/produit?search=PLAT-001' });
    expect(list.json().data.items[0]).toMatchObject({ id: platformId, platform: true, editable: false });
    expect((await as(ctx, alice, { method: 'GET', url: `/api/produit/find/${platformId}` })).statusCode).toBe(200);
    expect((await as(ctx, alice, { method: 'PATCH', url: `/api/produit/update/${platformId}`, payload: { name: 'Changé' } })).statusCode).toBe(403);
    expect((await as(ctx, alice, { method: 'DELETE', url: `/api/produit/delete/${platformId}` })).statusCode).toBe(403);
    const made = await create(admin, { ...tile, name: 'Main-d’œuvre compagnon', reference: 'MO-H', lot: 'Divers', unit: 'h', unit_price_cents: 4_500 });
    expect(made).toMatchObject({ owner_id: null, platform: true, editable: true });
    const seen = await as(ctx, bob, { method: 'GET', url: '/api/produit?search=MO-H' });
    expect(seen.json().data.items[0]).toMatchObject({ id: made.id, editable: false });
    const upd = await as(ctx, admin, { method: 'PATCH', url: `/api/produit/update/${made.id}`, payload: { unit_price_cents: 4_800 } });
    expect(upd.json().data.unit_price_cents).toBe(4_800);
    const all = await as(ctx, admin, { method: 'GET', url: '/api/produit?per_page=100' });
    expect(all.json().data.items.some((i: { owner_id: number | null }) => i.owner_id === alice.id)).toBe(true);
    expect((await as(ctx, admin, { method: 'GET', url: '/api/produit/find/999999' })).statusCode).toBe(404);
  });

  it('refuses clients, architects awaiting validation and anonymous callers', async () => {
    expect((await as(ctx, client, { method: 'GET', url: '/api/produit' })).statusCode).toBe(403);
    expect((await as(ctx, pending, { method: 'POST', url: '/api/produit', payload: tile })).statusCode).toBe(403);
    expect((await as(ctx, null, { method: 'GET', url: '/api/produit' })).statusCode).toBe(401);
    expect((await as(ctx, alice, { method: 'GET', url: '/api/produit/find/999999' })).statusCode).toBe(404);
    expect((await as(ctx, alice, { method: 'PATCH', url: '/api/produit/update/999999', payload: { name: 'Rien' } })).statusCode).toBe(403);
  });
});

describe('delete or archive', () => {
  it('deletes an unused product, archives one a registered use names', async () => {
    const unused = await create(alice, { ...tile, name: 'Plinthe chêne' });
    const del = await as(ctx, alice, { method: 'DELETE', url: `/api/produit/delete/${unused.id}` });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data.archived).toBe(false);
    expect((await as(ctx, alice, { method: 'GET', url: `/api/produit/find/${unused.id}` })).statusCode).toBe(404);

    const used = await create(alice, { ...tile, name: 'Parquet chêne massif' });
    usedIds.add(used.id);
    const arch = await as(ctx, alice, { method: 'DELETE', url: `/api/produit/delete/${used.id}` });
    expect(arch.json().data).toMatchObject({ archived: true });
    expect(arch.json().data.message).toContain('archivé');
    const read = await as(ctx, alice, { method: 'GET', url: `/api/produit/find/${used.id}` });
    expect(read.json().data.archived).toBe(true);
    expect((await as(ctx, alice, { method: 'GET', url: '/api/produit?search=Parquet' })).json().data.total).toBe(0);
    expect(() => registerProductUse(ctx.app.deps, { name: 'quotes-test', uses: async () => false })).toThrow();
  });
});

describe('CSV', () => {
  it('exports with BOM, ; and decimal comma, and imports the file back', async () => {
    const carol = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
    await create(carol, {
      ...tile,
      name: 'Évier « inox » ; 2 bacs',
      reference: 'EV-2',
      lot: 'Plomberie',
      unit: 'u',
      unit_price_cents: 123_456,
      tva_rate_bp: 550,
      description: 'Ligne 1\nLigne 2',
    });
    const res = await as(ctx, carol, { method: 'GET', url: '/api/produit/export?search=EV-2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.toString('utf8');
    expect(text).toContain('Nom;Référence;Lot;Unité;Prix unitaire HT;TVA (%);Description');
    expect(text).toContain('"Évier « inox » ; 2 bacs";EV-2;Plomberie;u;1234,56;5,5;"Ligne 1\nLigne 2"');

    const dave = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
    const imported = await as(ctx, dave, { method: 'POST', url: '/api/produit/import', ...multipart(raw) });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().data.imported).toBe(1);
    const back = await as(ctx, dave, { method: 'GET', url: '/api/produit?search=EV-2' });
    expect(back.json().data.items[0]).toMatchObject({
      name: 'Évier « inox » ; 2 bacs',
      unit_price_cents: 123_456,
      tva_rate_bp: 550,
      lot: 'Plomberie',
      description: 'Ligne 1\nLigne 2',
      owner_id: dave.id,
    });
  });

  it('refuses a file with bad rows, row by row, and imports nothing', async () => {
    const erin = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
    const csv = [
      'Nom;Référence;Lot;Unité;Prix unitaire HT;TVA (%);Description',
      'Brique creuse;BR-1;Maçonnerie;u;1,20;20;',
      'Tuyau PER;PER-16;Jardinage;ml;2,5;20;',
      'X;;Plomberie;kg;abc;19,6;',
      'Mitigeur;MIT;plomberie;u;1 234,56;10;Chromé',
    ].join('\r\n');
    const res = await as(ctx, erin, { method: 'POST', url: '/api/produit/import', ...multipart(csv) });
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.message).toContain('2 lignes');
    expect(error.fields['ligne 3']).toContain('lot « Jardinage » inconnu');
    expect(error.fields['ligne 4']).toContain('nom');
    expect(error.fields['ligne 4']).toContain('unité « kg »');
    expect(error.fields['ligne 4']).toContain('prix unitaire HT « abc »');
    expect(error.fields['ligne 4']).toContain('taux de TVA « 19,6 »');
    expect(error.fields['ligne 2']).toBeUndefined();
    expect(
      (await as(ctx, erin, { method: 'GET', url: '/api/produit' })).json().data.items.filter((i: { owner_id: number | null }) => i.owner_id === erin.id),
    ).toHaveLength(0);

    const good = csv
      .split('\r\n')
      .filter((_, i) => i !== 2 && i !== 3)
      .join('\n');
    const ok = await as(ctx, erin, { method: 'POST', url: '/api/produit/import', ...multipart(good) });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.imported).toBe(2);
    const mit = await as(ctx, erin, { method: 'GET', url: '/api/produit?search=MIT' });
    expect(mit.json().data.items[0]).toMatchObject({ lot: 'Plomberie', unit_price_cents: 123_456, tva_rate_bp: 1000 });
  });

  it('refuses a name over 120 characters or an empty one, saying so, and cuts nothing (issue 36 §6)', async () => {
    const long = await as(ctx, alice, { method: 'POST', url: '/api/produit', payload: { ...tile, name: 'N'.repeat(121) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.name).toBe('Le nom ne peut pas dépasser 120 caractères.');
    const empty = await as(ctx, alice, { method: 'POST', url: '/api/produit', payload: { ...tile, name: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.name).toBe('Le nom est obligatoire.');
    const atLimit = await create(alice, { ...tile, name: 'N'.repeat(120) });
    expect((await as(ctx, alice, { method: 'GET', url: `/api/produit/find/${atLimit.id}` })).json().data.name).toHaveLength(120);

    const csv = (name: string) => ['Nom;Référence;Lot;Unité;Prix unitaire HT;TVA (%);Description', `${name};R-1;Plomberie;u;12;20;`].join('\r\n');
    const tooLong = await as(ctx, alice, { method: 'POST', url: '/api/produit/import', ...multipart(csv('L'.repeat(130))) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe("Ligne 2 : le nom compte 130 caractères : 120 au plus — aucun produit n'a été importé.");
    const noName = await as(ctx, alice, { method: 'POST', url: '/api/produit/import', ...multipart(csv('')) });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toBe("Ligne 2 : le nom est manquant — aucun produit n'a été importé.");
  });

  it('answers clear 4xx for a wrong header, an empty file, a non-UTF-8 file or no multipart', async () => {
    const noHeader = await as(ctx, alice, { method: 'POST', url: '/api/produit/import', ...multipart('Brique;BR;Maçonnerie;u;1;20;\n') });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().error.message).toContain('en-tête');
    const empty = await as(ctx, alice, {
      method: 'POST',
      url: '/api/produit/import',
      ...multipart('Nom;Référence;Lot;Unité;Prix unitaire HT;TVA (%);Description\n'),
    });
    expect(empty.statusCode).toBe(400);
    const latin1 = await as(ctx, alice, { method: 'POST', url: '/api/produit/import', ...multipart(Buffer.from('Nom;R\xe9f\xe9rence\n', 'latin1')) });
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json().error.message).toContain('UTF-8');
    const json = await as(ctx, alice, { method: 'POST', url: '/api/produit/import', payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
  });
});
