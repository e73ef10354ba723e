import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { offers, siteLogEntries, siteLogPhotos } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { insertProject } from '../projects/factories';

/**
 * The site log, journal de chantier (issue 39 §2, decision 1231), through `inject()` on a real
 * database: entries written by the professionals whose tender is accepted, numbered 1, 2, 3 per
 * project, never edited — a correction is a new entry pointing to the old one —, photos stored and
 * served without their EXIF (the capture date kept in the row), the client reading and commenting
 * but not writing, everyone else refused; a day to come, a GIF or a text file named .jpg refused
 * with nothing written.
 */

const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let pro: TestUser;
let refusedPro: TestUser;
let strangerPro: TestUser;
let client: TestUser;
let strangerClient: TestUser;
let admin: TestUser;
let projectId: number;

type Json = Record<string, any>;

beforeAll(async () => {
  pro = await loginAs(ctx, { user_type: 'professionnel', is_validate: 'Validé', firstname: 'Paul', lastname: 'Maçon' });
  refusedPro = await loginAs(ctx, { user_type: 'professionnel', is_validate: 'Validé' });
  strangerPro = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  client = await loginAs(ctx, { user_type: 'client' });
  strangerClient = await loginAs(ctx, { user_type: 'client' });
  admin = await loginAs(ctx, { user_type: 'admin' });
  projectId = (await insertProject(ctx.db, client.id, { state: 'En consultation' })).id;
  await ctx.db.insert(offers).values([
    { projectId, professionalId: pro.id, status: 'Acceptée', validation: '1' },
    { projectId, professionalId: refusedPro.id, status: 'Refusée', validation: '1' },
  ]);
});

function multipart(fields: Record<string, string>, files: Array<{ filename: string; type: string; bytes: Buffer }>) {
  const boundary = '----ouvrage' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`));
    chunks.push(f.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A JPEG as a phone takes it: EXIF with the camera, the capture date and its offset. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 60, channels: 3, background: '#b07040' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Téléphone', Model: 'Chantier 3000' }, IFD2: { DateTimeOriginal: '2026:11:20 09:30:00', OffsetTimeOriginal: '+01:00' } })
    .toBuffer();
}

const write = (body: Json, user: TestUser = pro, project = projectId) =>
  as(ctx, user, { method: 'POST', url: `/api/projet/${project}/journal`, payload: body });
const writeForm = (fields: Record<string, string>, files: Parameters<typeof multipart>[1], user: TestUser = pro) => {
  const form = multipart(fields, files);
  return as(ctx, user, { method: 'POST', url: `/api/projet/${projectId}/journal`, payload: form.payload, headers: form.headers });
};
async function written(body: Json): Promise<Json> {
  const res = await write(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const entryCount = async () => (await ctx.db.select().from(siteLogEntries).where(eq(siteLogEntries.projectId, projectId))).length;
const storedFiles = () => {
  const root = join(ctx.dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
};

describe('site log', () => {
  let first: Json;
  let second: Json;
  let correction: Json;

  it('numbers an accepted professional’s entries 1, 2, 3; a correction points to the entry it corrects', async () => {
    first = await written({ work_date: '2026-11-19', body: 'Terrassement terminé, fond de fouille propre.', lot_label: 'Gros œuvre' });
    expect(first).toMatchObject({ number: 1, work_date: '2026-11-19', lot_label: 'Gros œuvre', weather_stop: false, corrects: null, corrected_by: null });
    expect(first.author).toEqual({ id: pro.id, name: 'Paul Maçon', role: 'professionnel' });

    const res = await writeForm(
      { work_date: '2026-11-20', body: 'Arrêt l’après-midi : pluie battante.', weather_stop: 'true', weather_note: 'Pluie, coulage reporté.' },
      [{ filename: 'dalle.jpg', type: 'image/jpeg', bytes: await phonePhoto() }],
    );
    expect(res.statusCode, res.body).toBe(201);
    second = res.json().data;
    expect(second).toMatchObject({ number: 2, weather_stop: true, weather_note: 'Pluie, coulage reporté.' });
    expect(second.photos).toHaveLength(1);
    expect(second.photos[0]).toMatchObject({ content_type: 'image/jpeg', width: 80, height: 60, taken_at: '2026-11-20T08:30:00.000Z' });

    correction = await written({ work_date: '2026-11-19', body: 'Correction : le fond de fouille reste à purger côté nord.', corrects_entry_id: first.id });
    expect(correction).toMatchObject({ number: 3, corrects: { id: first.id, number: 1, work_date: '2026-11-19' } });

    const journal = await as(ctx, pro, { method: 'GET', url: `/api/projet/${projectId}/journal` });
    expect(journal.statusCode, journal.body).toBe(200);
    const page = journal.json().data;
    expect(page).toMatchObject({ total: 3, can_write: true });
    expect(page.items.map((e: Json) => e.number)).toEqual([3, 2, 1]);
    expect(page.items[2].corrected_by).toMatchObject({ id: correction.id, number: 3 });
  });

  it('serves the photo re-encoded without its EXIF, and a thumbnail', async () => {
    const photo = second.photos[0];
    const res = await as(ctx, client, { method: 'GET', url: photo.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const served = await sharp(res.rawPayload).metadata();
    expect(served.exif).toBeUndefined();
    expect([served.width, served.height]).toEqual([80, 60]);
    const thumb = await as(ctx, client, { method: 'GET', url: photo.thumbnail_url });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).exif).toBeUndefined();
    // The copy stored is the one served: nothing with the EXIF was kept.
    const [row] = await ctx.db.select().from(siteLogPhotos).where(eq(siteLogPhotos.id, photo.id));
    expect((await sharp(await ctx.app.deps.storage.read(row.storageKey)).metadata()).exif).toBeUndefined();
  });

  it('has no way to edit an entry, and corrects an entry once', async () => {
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      const res = await as(ctx, pro, { method, url: `/api/journal/${first.id}`, payload: { body: 'Autre texte' } });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const again = await write({ work_date: '2026-11-19', body: 'Encore une correction.', corrects_entry_id: first.id });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'SITE_LOG_ALREADY_CORRECTED', params: { number: 1, by: 3 } });
    const [row] = await ctx.db.select().from(siteLogEntries).where(eq(siteLogEntries.id, first.id));
    expect(row.body).toBe('Terrassement terminé, fond de fouille propre.');
  });

  it('lets the client read and comment, not write', async () => {
    const journal = await as(ctx, client, { method: 'GET', url: `/api/projet/${projectId}/journal` });
    expect(journal.statusCode, journal.body).toBe(200);
    expect(journal.json().data).toMatchObject({ total: 3, can_write: false });

    const comment = await as(ctx, client, {
      method: 'POST',
      url: `/api/journal/${second.id}/commentaires`,
      payload: { body: 'Merci, tenez-moi au courant du coulage.' },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect(comment.json().data.comments).toEqual([
      expect.objectContaining({ author: expect.objectContaining({ id: client.id, role: 'client' }), body: 'Merci, tenez-moi au courant du coulage.' }),
    ]);
    const reply = await as(ctx, pro, { method: 'POST', url: `/api/journal/${second.id}/commentaires`, payload: { body: 'Coulage prévu lundi.' } });
    expect(reply.statusCode, reply.body).toBe(201);
    const entry = await as(ctx, client, { method: 'GET', url: `/api/journal/${second.id}` });
    expect(entry.json().data).toMatchObject({ comments_count: 2 });
    expect(entry.json().data.comments.map((c: Json) => c.body)).toEqual(['Merci, tenez-moi au courant du coulage.', 'Coulage prévu lundi.']);
    const empty = await as(ctx, client, { method: 'POST', url: `/api/journal/${second.id}/commentaires`, payload: { body: '  ' } });
    expect(empty.statusCode).toBe(400);

    const res = await write({ work_date: '2026-11-20', body: 'Le client écrit.' }, client);
    expect(res.statusCode).toBe(403);
  });

  it('refuses a refused professional, a stranger and another client (403)', async () => {
    for (const user of [refusedPro, strangerPro, strangerClient]) {
      expect((await as(ctx, user, { method: 'GET', url: `/api/projet/${projectId}/journal` })).statusCode).toBe(403);
      expect((await as(ctx, user, { method: 'GET', url: `/api/journal/${first.id}` })).statusCode).toBe(403);
      expect((await as(ctx, user, { method: 'GET', url: second.photos[0].url })).statusCode).toBe(403);
      expect((await as(ctx, user, { method: 'POST', url: `/api/journal/${first.id}/commentaires`, payload: { body: 'Bonjour' } })).statusCode).toBe(403);
    }
    for (const user of [refusedPro, strangerPro]) expect((await write({ work_date: '2026-11-20', body: 'Intrus.' }, user)).statusCode).toBe(403);
    expect(await entryCount()).toBe(3);
  });

  it('refuses a day to come in Paris (400), and takes the admin’s entry', async () => {
    const future = await write({ work_date: '2026-11-24', body: 'Demain.' });
    expect(future.statusCode, future.body).toBe(400);
    expect(future.json().error).toMatchObject({ code: 'SITE_LOG_FUTURE_DATE', params: { date: '2026-11-24' } });
    expect(await entryCount()).toBe(3);
    // 23:30 UTC is already the 24th in Paris.
    clock.set('2026-11-23T23:30:00Z');
    try {
      const late = await write({ work_date: '2026-11-24', body: 'Réception des menuiseries.' }, admin);
      expect(late.statusCode, late.body).toBe(201);
      expect(late.json().data).toMatchObject({ number: 4, author: { role: 'admin' } });
    } finally {
      clock.set('2026-11-23T10:00:00Z');
    }
  });

  it('refuses a GIF and a text file named .jpg (400), storing nothing', async () => {
    const files = storedFiles();
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40, 0)]);
    for (const file of [
      { filename: 'anim.gif', type: 'image/gif', bytes: gif },
      { filename: 'photo.jpg', type: 'image/jpeg', bytes: Buffer.from('ceci n’est pas une image') },
    ]) {
      const res = await writeForm({ work_date: '2026-11-20', body: 'Avec une photo.' }, [file]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'SITE_LOG_PHOTO_TYPE', params: { name: file.filename } });
    }
    // A JPEG header on bytes that are not an image: unreadable.
    const broken = await writeForm({ work_date: '2026-11-20', body: 'Avec une photo.' }, [
      { filename: 'casse.jpg', type: 'image/jpeg', bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]) },
    ]);
    expect(broken.statusCode, broken.body).toBe(400);
    expect(broken.json().error.code).toBe('SITE_LOG_PHOTO_UNREADABLE');
    expect(await entryCount()).toBe(4);
    expect(storedFiles()).toBe(files);
  });

  it('refuses to correct an entry of another journal, and checks the fields', async () => {
    const otherProject = (await insertProject(ctx.db, strangerClient.id)).id;
    await ctx.db.insert(offers).values({ projectId: otherProject, professionalId: pro.id, status: 'Acceptée', validation: '1' });
    const elsewhere = await write({ work_date: '2026-11-20', body: 'Autre chantier.' }, pro, otherProject);
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    expect(elsewhere.json().data.number).toBe(1);
    const cross = await write({ work_date: '2026-11-20', body: 'Correction croisée.', corrects_entry_id: elsewhere.json().data.id });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().error.code).toBe('SITE_LOG_CORRECTION_OTHER_PROJECT');

    const bad = await write({ work_date: '2026-02-30', body: '', lot_label: 'x'.repeat(121) });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['body', 'lot_label', 'work_date']);
    const note = await write({ work_date: '2026-11-20', body: 'Beau temps.', weather_note: 'Soleil.' });
    expect(note.json().error.code).toBe('SITE_LOG_WEATHER_NOTE_WITHOUT_STOP');
  });
});
