import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { offers, users } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { insertProject } from '../projects/factories';
import { multipart, photoWithPosition } from './forms';

/**
 * The journal's PDF (decision 1231), read back with poppler: the project, its address and client,
 * every entry (number, day, author, lot, weather stoppage, text, the corrections both ways,
 * comments), each photo embedded, page numbers and the day it was generated — in the reader's
 * language, for the journal's readers only, and never with a photo's GPS position.
 */

const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let pro: TestUser;
let client: TestUser;
let stranger: TestUser;
let projectId: number;
type Json = Record<string, any>;

function poppler(tool: 'pdftotext' | 'pdfinfo' | 'pdfimages', pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'ouvrage-journal-'));
  try {
    writeFileSync(join(dir, 'j.pdf'), pdf);
    const args = tool === 'pdftotext' ? ['j.pdf', '-'] : tool === 'pdfimages' ? ['-list', 'j.pdf'] : ['j.pdf'];
    return execFileSync(tool, args, { cwd: dir, encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const text = (pdf: Buffer) => poppler('pdftotext', pdf).replace(/[\s\u00a0\u202f]+/g, ' ');
/** The images drawn (not their soft masks), from `pdfimages -list`. */
const images = (pdf: Buffer) =>
  poppler('pdfimages', pdf)
    .split('\n')
    .slice(2)
    .filter((l) => /^\s*\d+\s+\d+\s+image\b/.test(l));

async function write(fields: Record<string, string>, photos: Buffer[] = []) {
  const form = multipart(
    fields,
    photos.map((bytes, i) => ({ filename: `photo-${i + 1}.jpg`, type: 'image/jpeg', bytes })),
  );
  const res = await as(ctx, pro, { method: 'POST', url: `/api/projet/${projectId}/journal`, payload: form.payload, headers: form.headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Json;
}
const pdfOf = (user: TestUser, query = '') => as(ctx, user, { method: 'GET', url: `/api/projet/${projectId}/journal.pdf${query}` });

beforeAll(async () => {
  pro = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé', firstname: 'Claire', lastname: 'Bâtisseur' });
  client = await loginAs(ctx, { user_type: 'client' });
  stranger = await loginAs(ctx, { user_type: 'client' });
  projectId = (
    await insertProject(ctx.db, client.id, {
      state: 'Attribué',
      street: '12 chemin du Moulin',
      postcode: '69130',
      city: 'Écully',
      firstname: 'Jeanne',
      lastname: 'Durand',
    })
  ).id;
  await ctx.db.insert(offers).values({ projectId, professionalId: pro.id, status: 'Acceptée', validation: '1' });
  const first = await write({ work_date: '2026-11-18', body: 'Implantation faite, fond de fouille propre.', lot_label: 'Gros œuvre' }, [
    await photoWithPosition('#b07040', { width: 1200, height: 900 }),
    await photoWithPosition('#4070b0', { width: 900, height: 1200 }),
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#40a060' } })
      .webp()
      .toBuffer(),
  ]);
  await write({ work_date: '2026-11-19', body: 'Coulage reporté.', weather_stop: 'true', weather_note: 'Pluie battante l’après-midi.' });
  await write({ work_date: '2026-11-18', body: 'Correction : le fond de fouille reste à purger côté nord.', corrects_entry_id: String(first.id) });
  const comment = await as(ctx, client, { method: 'POST', url: `/api/journal/${first.id}/commentaires`, payload: { body: 'Merci pour les photos.' } });
  expect(comment.statusCode, comment.body).toBe(201);
  // Enough entries for several pages.
  for (let day = 1; day <= 12; day += 1)
    await write({ work_date: '2026-11-20', body: `Journée ${day} : maçonnerie des murs du garage, rang par rang.\n`.repeat(6) });
});

describe('the journal as a PDF', () => {
  let pdf: Buffer;

  it('is a dated PDF of the whole journal, in French for a French reader', async () => {
    const res = await pdfOf(client);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.headers['content-disposition']).toContain(`journal-de-chantier-projet-${projectId}-2026-11-23.pdf`);
    pdf = res.rawPayload;
    const info = poppler('pdfinfo', pdf);
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    expect(pages).toBeGreaterThan(1);
    expect(info).toMatch(/Title:\s+Journal de chantier/);

    const t = text(pdf);
    for (const expected of [
      'Journal de chantier',
      `Projet n° ${projectId}`,
      '12 chemin du Moulin, 69130 Écully',
      'Jeanne Durand',
      'Document généré le 23/11/2026 à 11:00',
      'Entrée n° 1 · 18/11/2026',
      'Écrite par Claire Bâtisseur (architecte) le 23/11/2026 à 11:00',
      'Lot : Gros œuvre',
      'Implantation faite, fond de fouille propre.',
      'Corrigée par l’entrée n° 3 du 18/11/2026',
      'Entrée n° 2 · 19/11/2026',
      'Arrêt pour intempéries : Pluie battante l’après-midi.',
      'Corrige l’entrée n° 1 du 18/11/2026',
      'Commentaires (1)',
      'Merci pour les photos.',
      'Photo 1 sur 3 · prise le 20/11/2026 à 09:30',
      'Entrée n° 15 · 20/11/2026',
      `Page 1 / ${pages}`,
      `Page ${pages} / ${pages}`,
    ])
      expect(t).toContain(expected);
    // Entries in the order written.
    expect(t.indexOf('Entrée n° 1 ·')).toBeLessThan(t.indexOf('Entrée n° 2 ·'));
    // No GPS position, in any form.
    expect(t).not.toMatch(/45[.,]775|4[.,]77\b|GPS|latitude/i);
  });

  it('embeds every photo, the WebP one too, at a readable size', () => {
    const list = images(pdf);
    expect(list).toHaveLength(3);
    for (const row of list) {
      const [width, height] = row.trim().split(/\s+/).slice(3, 5).map(Number);
      expect(Math.max(width, height)).toBeGreaterThanOrEqual(600);
    }
  });

  it('is in the reader’s account language, or the one asked for', async () => {
    await ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, pro.id));
    const english = text((await pdfOf(pro)).rawPayload);
    expect(english).toContain('Site log');
    expect(english).toContain('Entry no. 1 · 18/11/2026');
    expect(english).toContain('Written by Claire Bâtisseur (architect) on 23/11/2026 at 11:00');
    expect(english).toContain('Generated on 23/11/2026 at 11:00');
    expect(english).toContain('Page 1 of');

    const arabic = await pdfOf(pro, '?langue=ar');
    expect(arabic.statusCode).toBe(200);
    const words = text(arabic.rawPayload);
    // Checked word by word (pdftotext splits the lam-alef ligature of « الإدخال »).
    for (const expected of [
      'سجل الورشة',
      'المشروع رقم',
      'العميل',
      'رقم',
      '18/11/2026',
      'Claire Bâtisseur',
      'مهندس معماري',
      'الحصة',
      'Gros œuvre',
      'Implantation faite',
      'Merci pour les photos.',
      'أبدًا',
    ])
      expect(words).toContain(expected);
    expect(images(arabic.rawPayload)).toHaveLength(3);

    const unknown = await pdfOf(pro, '?langue=de');
    expect(unknown.statusCode).toBe(400);
  });

  it('is refused to whoever does not read the journal', async () => {
    expect((await pdfOf(stranger)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/projet/${projectId}/journal.pdf` })).statusCode).toBe(401);
  });

  it('answers an empty journal with its header', async () => {
    const empty = (await insertProject(ctx.db, client.id, { state: 'Attribué' })).id;
    const res = await as(ctx, client, { method: 'GET', url: `/api/projet/${empty}/journal.pdf` });
    expect(res.statusCode, res.body).toBe(200);
    expect(text(res.rawPayload)).toContain('Aucune entrée pour le moment.');
  });
});
