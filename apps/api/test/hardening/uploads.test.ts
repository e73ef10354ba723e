import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projectFiles } from '@ouvrage/db';
import { FileTooLargeError, LocalFileStorage } from '../../src/lib/storage';
import { contentDisposition } from '../../src/lib/stored-files';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { ensureCompany, ownedReference } from '../professionals/factories';
import { multipart, PDF } from '../professionals/helpers';
import { catalogIds, insertProject } from '../projects/factories';

const ctx = useTestApp();
let admin: TestUser;
let owner: TestUser;
let stranger: TestUser;
let pro: TestUser;
let projectId: number;
let categoryId: number;
let referenceId: number;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  admin = await loginAs(ctx, { user_type: 'admin' });
  owner = await loginAs(ctx, { user_type: 'client' });
  stranger = await loginAs(ctx, { user_type: 'client' });
  pro = await loginAs(ctx, { user_type: 'professionnel' });
  await ensureCompany(ctx.db, pro.id);
  projectId = (await insertProject(ctx.db, owner.id)).id;
  categoryId = (await catalogIds(ctx.db)).projet;
  referenceId = await ownedReference(ctx.db, pro);
});

/** Every file under the storage directory. */
function storedFiles(): string[] {
  const root = join(ctx.dataDir, 'files');
  if (!existsSync(root)) return [];
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
  return walk(root);
}

const uploadRoutes = (): Array<{
  name: string;
  user: TestUser;
  url: string;
  fields: Record<string, string>;
  file: { name: string; bytes: Buffer; type: string };
}> => [
  {
    name: 'project documents',
    user: owner,
    url: `/api/project/detail-project/upload-file?project_id=${projectId}`,
    fields: {},
    file: { name: 'file', bytes: PDF, type: 'application/pdf' },
  },
  { name: 'category image', user: admin, url: `/api/admin/category-image/${categoryId}`, fields: {}, file: { name: 'image', bytes: PNG, type: 'image/png' } },
  {
    name: 'insurance certificate',
    user: pro,
    url: `/api/professionnel/upload-certificate/${pro.id}?kind=decennale`,
    fields: {},
    file: { name: 'certificate', bytes: PDF, type: 'application/pdf' },
  },
  { name: 'logo', user: pro, url: `/api/professionnel/upload-logo/${pro.id}`, fields: {}, file: { name: 'logo', bytes: PNG, type: 'image/png' } },
  {
    name: 'reference photos',
    user: pro,
    url: `/api/professionnel/reference-photo/${referenceId}`,
    fields: {},
    file: { name: 'photos', bytes: PNG, type: 'image/png' },
  },
];

describe('a malformed multipart body is a 400 with a French message on every upload route', () => {
  it('without a boundary', async () => {
    for (const route of uploadRoutes()) {
      const res = await as(ctx, route.user, {
        method: 'POST',
        url: route.url,
        payload: 'pas un formulaire',
        headers: { 'content-type': 'multipart/form-data' },
      });
      expect(res.statusCode, `${route.name}: ${res.body}`).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/mal formé/) });
    }
  });

  it('truncated in the middle of a file', async () => {
    for (const route of uploadRoutes()) {
      const form = multipart(route.fields, [
        { name: route.file.name, filename: 'coupé.bin', type: route.file.type, bytes: Buffer.concat([route.file.bytes, Buffer.alloc(4096, 1)]) },
      ]);
      const cut = form.payload.subarray(0, form.payload.length - 2000);
      const res = await as(ctx, route.user, { method: 'POST', url: route.url, payload: cut, headers: form.headers });
      expect(res.statusCode, `${route.name}: ${res.body}`).toBe(400);
      expect(res.json().error.message).toMatch(/mal formé/);
    }
    expect(storedFiles()).toEqual([]);
  });

  it('still accepts a well-formed upload on each route', async () => {
    for (const route of uploadRoutes()) {
      const form = multipart(route.fields, [{ name: route.file.name, filename: 'bon.bin', type: route.file.type, bytes: route.file.bytes }]);
      const res = await as(ctx, route.user, { method: 'POST', url: route.url, ...form });
      expect(res.statusCode, `${route.name}: ${res.body}`).toBeLessThan(300);
    }
  });
});

describe('project documents: ownership before the first file, streamed to storage', () => {
  it('refuses a non-owner before reading any file, and a form without ?project_id=', async () => {
    const before = storedFiles().length;
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024, 0x20)]);
    const query = await as(ctx, stranger, {
      method: 'POST',
      url: `/api/project/detail-project/upload-file?project_id=${projectId}`,
      ...multipart({}, [{ name: 'file', filename: 'a.pdf', type: 'application/pdf', bytes: big }]),
    });
    expect(query.statusCode).toBe(403);
    // The project named only in a field is not enough: ownership must be known before the body.
    const field = await as(ctx, owner, {
      method: 'POST',
      url: '/api/project/detail-project/upload-file',
      ...multipart({ project_id: String(projectId) }, [{ name: 'file', filename: 'a.pdf', type: 'application/pdf', bytes: big }]),
    });
    expect(field.statusCode).toBe(400);
    expect(storedFiles().length).toBe(before);
  });

  it('stores the owner’s files byte for byte and leaves nothing behind a refusal', async () => {
    const body = Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024 + 17, 0x41)]);
    const byQuery = await as(ctx, owner, {
      method: 'POST',
      url: `/api/project/detail-project/upload-file?project_id=${projectId}`,
      ...multipart({}, [{ name: 'file', filename: 'plan é.pdf', type: 'application/pdf', bytes: body }]),
    });
    expect(byQuery.statusCode, byQuery.body).toBe(201);
    const [row] = (await ctx.db.select().from(projectFiles).where(eq(projectFiles.projectId, projectId))).filter((f) => f.originalName === 'plan é.pdf');
    expect(row.sizeBytes).toBe(body.length);
    expect(readFileSync(join(ctx.dataDir, 'files', row.storageKey)).equals(body)).toBe(true);

    const before = storedFiles().length;
    const second = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024, 0x20)]);
    const tooBig = await as(ctx, owner, {
      method: 'POST',
      url: `/api/project/detail-project/upload-file?project_id=${projectId}`,
      ...multipart({}, [
        { name: 'file', filename: 'petit.pdf', type: 'application/pdf', bytes: PDF },
        { name: 'file', filename: 'énorme.pdf', type: 'application/pdf', bytes: second },
      ]),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toMatch(/énorme\.pdf.*20 Mo/);
    const wrongType = await as(ctx, owner, {
      method: 'POST',
      url: `/api/project/detail-project/upload-file?project_id=${projectId}`,
      ...multipart({}, [
        { name: 'file', filename: 'petit.pdf', type: 'application/pdf', bytes: PDF },
        { name: 'file', filename: 'virus.pdf', type: 'application/pdf', bytes: Buffer.from('MZ\x90\x00') },
      ]),
    });
    expect(wrongType.statusCode).toBe(415);
    expect(storedFiles().length).toBe(before);
  });

  it('refuses a NUL byte in a multipart field', async () => {
    const res = await as(ctx, owner, {
      method: 'POST',
      url: `/api/project/detail-project/upload-file?project_id=${projectId}`,
      ...multipart({ note: `plan\u0000` }, [{ name: 'file', filename: 'a.pdf', type: 'application/pdf', bytes: PDF }]),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('storage and download helpers', () => {
  it('streams into the store and refuses past the limit without leaving a file', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ouvrage-stream-'));
    const storage = new LocalFileStorage(root);
    const { key, size } = await storage.saveStream(Readable.from([Buffer.from('%PDF-'), Buffer.from('1.7')]), 'pdf', { maxBytes: 8 });
    expect(size).toBe(8);
    expect((await storage.read(key)).toString()).toBe('%PDF-1.7');
    await expect(storage.saveStream(Readable.from([Buffer.alloc(5), Buffer.alloc(5)]), 'pdf', { maxBytes: 8 })).rejects.toBeInstanceOf(FileTooLargeError);
    const walk = (dir: string): string[] => readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [n]));
    expect(walk(root)).toHaveLength(1);
  });

  it('names downloads for every browser (RFC 6266 / 5987)', () => {
    expect(contentDisposition('attachment', 'devis "final" n°1 (v2).pdf')).toBe(
      `attachment; filename="devis _final_ n_1 (v2).pdf"; filename*=UTF-8''devis%20%22final%22%20n%C2%B01%20%28v2%29.pdf`,
    );
  });

  it('answers a French 404 when a stored file has gone missing', async () => {
    const form = multipart({}, [{ name: 'file', filename: 'perdu.pdf', type: 'application/pdf', bytes: PDF }]);
    const res = await as(ctx, owner, { method: 'POST', url: `/api/project/detail-project/upload-file?project_id=${projectId}`, ...form });
    const file = (res.json().data as Array<{ id: number; name: string }>).find((f) => f.name === 'perdu.pdf')!;
    const [row] = await ctx.db.select().from(projectFiles).where(eq(projectFiles.id, file.id));
    await ctx.app.deps.storage.remove(row.storageKey);
    const missing = await as(ctx, owner, { method: 'GET', url: `/api/project/file/${file.id}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toMatch(/plus disponible/);
  });
});
