import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { offers, siteLogPhotos } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { insertProject } from '../projects/factories';
import { multipart, photoWithPosition } from './forms';

/**
 * The GPS position of a journal photo (decision 1231): read from its EXIF before the metadata is
 * dropped, kept in the row, answered to the professional who writes the journal and to the admin —
 * never to the client, in none of the journal's answers, nor in the image they download.
 */

const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let pro: TestUser;
let client: TestUser;
let admin: TestUser;
let projectId: number;
type Json = Record<string, any>;
let entry: Json;

beforeAll(async () => {
  pro = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  client = await loginAs(ctx, { user_type: 'client' });
  admin = await loginAs(ctx, { user_type: 'admin' });
  projectId = (await insertProject(ctx.db, client.id, { state: 'Attribué' })).id;
  await ctx.db.insert(offers).values({ projectId, professionalId: pro.id, status: 'Acceptée', validation: '1' });
  const form = multipart({ work_date: '2026-11-20', body: 'Dalle coulée.' }, [
    { filename: 'dalle.jpg', type: 'image/jpeg', bytes: await photoWithPosition() },
    {
      filename: 'plan.png',
      type: 'image/png',
      bytes: await sharp({ create: { width: 30, height: 20, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    },
  ]);
  const res = await as(ctx, pro, { method: 'POST', url: `/api/projet/${projectId}/journal`, payload: form.payload, headers: form.headers });
  expect(res.statusCode, res.body).toBe(201);
  entry = res.json().data;
});

const ECULLY = { latitude: 45.775, longitude: 4.77 };

describe('the position of a journal photo', () => {
  it('is kept in the row and answered to its writer: the position, or null for a photo without one', async () => {
    expect(entry.photos.map((p: Json) => p.position)).toEqual([ECULLY, null]);
    const [row] = await ctx.db.select().from(siteLogPhotos).where(eq(siteLogPhotos.id, entry.photos[0].id));
    expect([row.latitude, row.longitude]).toEqual([ECULLY.latitude, ECULLY.longitude]);
    const journal = await as(ctx, pro, { method: 'GET', url: `/api/projet/${projectId}/journal` });
    expect(journal.json().data.items[0].photos[0].position).toEqual(ECULLY);
  });

  it('is answered to the admin', async () => {
    const journal = await as(ctx, admin, { method: 'GET', url: `/api/projet/${projectId}/journal` });
    expect(journal.json().data.items[0].photos[0].position).toEqual(ECULLY);
    const one = await as(ctx, admin, { method: 'GET', url: `/api/journal/${entry.id}` });
    expect(one.json().data.photos[0].position).toEqual(ECULLY);
  });

  it('never reaches the client: not in the journal, the entry, a comment’s answer, nor the image', async () => {
    const answers = [
      await as(ctx, client, { method: 'GET', url: `/api/projet/${projectId}/journal` }),
      await as(ctx, client, { method: 'GET', url: `/api/journal/${entry.id}` }),
      await as(ctx, client, { method: 'POST', url: `/api/journal/${entry.id}/commentaires`, payload: { body: 'Où est-ce ?' } }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(res.body).not.toContain('position');
      expect(res.body).not.toContain('45.775');
      expect(res.body).not.toContain('latitude');
    }
    expect(answers[1].json().data.photos[0]).toMatchObject({ taken_at: '2026-11-20T08:30:00.000Z' });
    for (const size of ['', '?taille=vignette']) {
      const image = await as(ctx, client, { method: 'GET', url: `${entry.photos[0].url}${size}` });
      expect(image.statusCode).toBe(200);
      const metadata = await sharp(image.rawPayload).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(image.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
    }
  });
});
