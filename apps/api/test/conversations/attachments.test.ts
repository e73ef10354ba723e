import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageAttachments } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { insertConversation, projectWithAcceptedPro } from './factories';

/**
 * Files attached to messages (decision 1230, « Attachments »), through `inject()` on a real
 * database: a photo stored and served without its EXIF, its thumbnail, a PDF served as sent, a GIF
 * or an executable named .pdf refused with nothing stored, another client refused, a deleted
 * message's files gone, an empty text accepted with a file and refused without.
 */

const clock = new FixedClock('2026-12-02T10:00:00Z');
const ctx = useTestApp({}, { clock });
let carol: TestUser;
let architect: TestUser;
let otherClient: TestUser;
let admin: TestUser;
let conversationId: number;

type Json = Record<string, any>;
type FormFile = { filename: string; type: string; bytes: Buffer };

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');

beforeAll(async () => {
  carol = await loginAs(ctx, { user_type: 'client', firstname: 'Carole', lastname: 'Martin' });
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  otherClient = await loginAs(ctx, { user_type: 'client' });
  admin = await loginAs(ctx, { user_type: 'admin' });
  conversationId = await insertConversation(ctx.db, await projectWithAcceptedPro(ctx.db, carol.id, architect.id), carol.id, architect.id);
});

function multipart(fields: Record<string, string>, files: FormFile[]) {
  const boundary = '----ouvrage' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`));
    chunks.push(f.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const sendForm = (fields: Record<string, string>, files: FormFile[], user: TestUser = carol) => {
  const form = multipart(fields, files);
  return as(ctx, user, { method: 'POST', url: `/api/conversations/${conversationId}/messages`, payload: form.payload, headers: form.headers });
};

/** A JPEG as a phone takes it: EXIF with the camera and the capture date. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#b07040' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Téléphone', Model: 'Chantier 3000' }, IFD2: { DateTimeOriginal: '2026:11:20 09:30:00' } })
    .toBuffer();
}

const storedFiles = () => {
  try {
    return readdirSync(join(ctx.dataDir, 'files'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
};
const attachmentCount = async () => (await ctx.db.select().from(messageAttachments)).length;
const file = (user: TestUser, url: string) => as(ctx, user, { method: 'GET', url });

describe('message attachments', () => {
  let message: Json;

  it('sends a photo and a PDF with a text; the photo is listed with its size, the PDF with its name', async () => {
    const photo = await phonePhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await sendForm({ body: 'Voici la façade et le devis.' }, [
      { filename: 'façade.jpg', type: 'image/jpeg', bytes: photo },
      { filename: 'devis signé.pdf', type: 'application/pdf', bytes: PDF },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    message = res.json().data;
    expect(message.body).toBe('Voici la façade et le devis.');
    expect(message.attachments).toHaveLength(2);
    expect(message.attachments[0]).toMatchObject({ name: 'façade.jpg', content_type: 'image/jpeg', width: 800, height: 600, is_image: true });
    expect(message.attachments[1]).toMatchObject({
      name: 'devis signé.pdf',
      content_type: 'application/pdf',
      size_bytes: PDF.length,
      width: null,
      height: null,
      is_image: false,
    });

    const page = await as(ctx, architect, { method: 'GET', url: `/api/conversations/${conversationId}/messages` });
    expect(page.statusCode, page.body).toBe(200);
    const listed = page.json().data.items.find((m: Json) => m.id === message.id);
    expect(listed.attachments.map((a: Json) => a.id)).toEqual(message.attachments.map((a: Json) => a.id));
  });

  it('serves the photo without its EXIF, a 320 px thumbnail, and the PDF as sent', async () => {
    const [photo, pdf] = message.attachments;
    const full = await file(architect, `/api/conversations/pieces-jointes/${photo.id}`);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    const served = await sharp(full.rawPayload).metadata();
    expect(served.exif).toBeUndefined();
    expect([served.width, served.height]).toEqual([800, 600]);
    // The copy stored is the one served: nothing with the EXIF was kept.
    const [row] = await ctx.db.select().from(messageAttachments).where(eq(messageAttachments.id, photo.id));
    expect((await sharp(await ctx.app.deps.storage.read(row.storageKey)).metadata()).exif).toBeUndefined();

    const thumb = await file(architect, `/api/conversations/pieces-jointes/${photo.id}?taille=vignette`);
    expect(thumb.statusCode).toBe(200);
    const small = await sharp(thumb.rawPayload).metadata();
    expect([small.width, small.height]).toEqual([320, 240]);
    expect(small.exif).toBeUndefined();

    const doc = await file(carol, `/api/conversations/pieces-jointes/${pdf.id}`);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['content-disposition']).toContain('devis');
    expect(doc.rawPayload.equals(PDF)).toBe(true);
  });

  it('is refused to another client (403), and served to the admin once the conversation is reported', async () => {
    const [photo] = message.attachments;
    expect((await file(otherClient, `/api/conversations/pieces-jointes/${photo.id}`)).statusCode).toBe(403);
    const unreported = await file(admin, `/api/conversations/pieces-jointes/${photo.id}`);
    expect(unreported.statusCode).toBe(409);
    expect(unreported.json().error.code).toBe('CONVERSATION_NOT_REPORTED');
    const report = await as(ctx, architect, {
      method: 'POST',
      url: `/api/conversations/${conversationId}/signalements`,
      payload: { message_id: message.id, reason: 'personal_data' },
    });
    expect(report.statusCode, report.body).toBe(201);
    expect((await file(admin, `/api/conversations/pieces-jointes/${photo.id}`)).statusCode).toBe(200);
  });

  it('refuses a GIF and an executable named .pdf with a French message, nothing stored', async () => {
    const files = storedFiles();
    const rows = await attachmentCount();
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const photo = await phonePhoto();
    for (const bad of [
      { filename: 'animation.gif', type: 'image/gif', bytes: gif },
      { filename: 'devis.pdf', type: 'application/pdf', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 1)]) },
    ]) {
      // A good file first: it must not stay stored either.
      const res = await sendForm({ body: 'Regardez ça' }, [{ filename: 'ok.jpg', type: 'image/jpeg', bytes: photo }, bad]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('MESSAGE_ATTACHMENT_TYPE');
      expect(res.json().error.message).toContain(`Le fichier « ${bad.filename} » n’est pas accepté`);
    }
    expect(storedFiles()).toBe(files);
    expect(await attachmentCount()).toBe(rows);
  });

  it('refuses more than 5 files, nothing stored', async () => {
    const files = storedFiles();
    const res = await sendForm(
      { body: '' },
      Array.from({ length: 6 }, (_, i) => ({ filename: `p${i}.pdf`, type: 'application/pdf', bytes: PDF })),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('MESSAGE_TOO_MANY_ATTACHMENTS');
    expect(storedFiles()).toBe(files);
  });

  it('accepts an empty text with a file, refuses an empty text without one', async () => {
    const withFile = await sendForm({ body: '  ' }, [{ filename: 'plan.pdf', type: 'application/pdf', bytes: PDF }]);
    expect(withFile.statusCode, withFile.body).toBe(201);
    expect(withFile.json().data).toMatchObject({ body: '', attachments: [{ name: 'plan.pdf' }] });

    const empty = await sendForm({ body: '' }, []);
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json().error.code).toBe('MESSAGE_EMPTY');
    expect(empty.json().error.message).toBe('Écrivez votre message ou joignez un fichier.');
    const json = await as(ctx, carol, { method: 'POST', url: `/api/conversations/${conversationId}/messages`, payload: { body: '' } });
    expect(json.statusCode).toBe(400);
    // JSON without files still works.
    const text = await as(ctx, carol, { method: 'POST', url: `/api/conversations/${conversationId}/messages`, payload: { body: 'Texte seul' } });
    expect(text.statusCode, text.body).toBe(201);
    expect(text.json().data.attachments).toEqual([]);
  });

  it('removes a deleted message’s files: no longer served (404) nor listed', async () => {
    const res = await sendForm({ body: 'Oups' }, [{ filename: 'photo.jpg', type: 'image/jpeg', bytes: await phonePhoto() }]);
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json().data;
    const url = `/api/conversations/pieces-jointes/${sent.attachments[0].id}`;
    expect((await file(architect, url)).statusCode).toBe(200);
    const files = storedFiles();
    const deleted = await as(ctx, carol, { method: 'DELETE', url: `/api/conversations/messages/${sent.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toMatchObject({ deleted: true, attachments: [] });
    expect((await file(architect, url)).statusCode).toBe(404);
    expect((await file(architect, `${url}?taille=vignette`)).statusCode).toBe(404);
    expect(storedFiles()).toBe(files - 1);
    expect((await file(otherClient, url)).statusCode).toBe(403);
    const page = await as(ctx, architect, { method: 'GET', url: `/api/conversations/${conversationId}/messages` });
    expect(page.json().data.items.find((m: Json) => m.id === sent.id).attachments).toEqual([]);
  });
});
