import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices, offers, quotes, receptionReservations, receptions, siteLogCitations } from '@ouvrage/db';
import { FixedClock } from '@ouvrage/domain';
import { as, loginAs, useTestApp, type TestUser } from '../helpers';
import { quoteInStatus } from '../invoices/factories';
import { completeProfile } from '../quotes/factories';

/**
 * Journal entries cited by other documents (issue 39 §2, decision 1232), through `inject()`: a
 * situation cites entries of its project as its justification — printed in its PDF, frozen with
 * it —, an entry of another project is refused with nothing issued; a reservation cites an entry
 * with photos as its photo, shown on the réception and printed in the PV; the entry says where it
 * is cited to the citing document's parties only; strangers get 403.
 */

const clock = new FixedClock('2026-11-23T10:00:00Z');
const ctx = useTestApp({}, { clock });
let architect: TestUser;
let plumber: TestUser;
let strangerArchitect: TestUser;
let client: TestUser;
let strangerClient: TestUser;
let admin: TestUser;
let quoteId: number;
let projectId: number;
let otherProjectId: number;
const entries: Record<string, Json> = {};

type Json = Record<string, any>;

function multipart(fields: Record<string, string>, files: Array<{ filename: string; bytes: Buffer }>) {
  const boundary = '----ouvrage' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${f.filename}"\r\nContent-Type: image/jpeg\r\n\r\n`));
    chunks.push(f.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const photo = (colour: string) =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

async function writeEntry(project: number, fields: Record<string, string>, photos: Buffer[] = []): Promise<Json> {
  const form = multipart(
    fields,
    photos.map((bytes, i) => ({ filename: `photo-${i + 1}.jpg`, bytes })),
  );
  const res = await as(ctx, architect, { method: 'POST', url: `/api/projet/${project}/journal`, payload: form.payload, headers: form.headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

function pdftotext(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'ouvrage-citations-'));
  try {
    writeFileSync(join(dir, 'f.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'f.pdf'), '-'], { encoding: 'utf8' }).replace(/[\s\u00a0\u202f]+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const issue = (body: Json, user: TestUser = architect) => as(ctx, user, { method: 'POST', url: '/api/facture', payload: body });
const entryOf = async (user: TestUser, id: number) => as(ctx, user, { method: 'GET', url: `/api/journal/${id}` });
const invoiceCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(invoices))[0].n;

beforeAll(async () => {
  architect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  plumber = await loginAs(ctx, { user_type: 'professionnel', is_validate: 'Validé' });
  strangerArchitect = await loginAs(ctx, { user_type: 'architecte', is_validate: 'Validé' });
  client = await loginAs(ctx, { user_type: 'client' });
  strangerClient = await loginAs(ctx, { user_type: 'client' });
  admin = await loginAs(ctx, { user_type: 'admin' });
  await completeProfile(ctx.db, architect.id);
  quoteId = await quoteInStatus(ctx.db, { issuerId: architect.id, clientId: client.id });
  [{ projectId }] = await ctx.db.select({ projectId: quotes.projectId }).from(quotes).where(eq(quotes.id, quoteId));
  const otherQuote = await quoteInStatus(ctx.db, { issuerId: architect.id, clientId: strangerClient.id });
  [{ projectId: otherProjectId }] = await ctx.db.select({ projectId: quotes.projectId }).from(quotes).where(eq(quotes.id, otherQuote));
  await ctx.db.insert(offers).values([
    { projectId, professionalId: architect.id, status: 'Acceptée', validation: '1' },
    { projectId, professionalId: plumber.id, status: 'Acceptée', validation: '1' },
    { projectId: otherProjectId, professionalId: architect.id, status: 'Acceptée', validation: '1' },
  ]);
  entries.slab = await writeEntry(projectId, { work_date: '2026-11-12', body: 'Dalle coulée.', lot_label: 'Démolition' }, [await photo('#a06030')]);
  entries.rain = await writeEntry(projectId, { work_date: '2026-11-14', body: 'Arrêt : pluie.', weather_stop: 'true' });
  entries.pipes = await writeEntry(projectId, { work_date: '2026-11-18', body: 'Réseaux posés.', lot_label: 'Plomberie' }, [
    await photo('#3060a0'),
    await photo('#30a060'),
  ]);
  entries.elsewhere = await writeEntry(otherProjectId, { work_date: '2026-11-15', body: 'Autre chantier.' }, [await photo('#808080')]);
});

describe('an invoice justified by journal entries', () => {
  let situation: Json;

  it('cites entries of its project, in journal order, printed in its PDF and linked from each entry', async () => {
    const res = await issue({ quote_id: quoteId, kind: 'situation', progress_bp: [5000, 3000], site_log_entry_ids: [entries.pipes.id, entries.slab.id] });
    expect(res.statusCode, res.body).toBe(201);
    situation = res.json().data;
    expect(situation.justifications).toEqual([
      { entry_id: entries.slab.id, number: 1, work_date: '2026-11-12' },
      { entry_id: entries.pipes.id, number: 3, work_date: '2026-11-18' },
    ]);
    const rows = await ctx.db.select().from(siteLogCitations).where(eq(siteLogCitations.invoiceId, situation.id));
    expect(rows.map((r) => r.entryId).sort()).toEqual([entries.slab.id, entries.pipes.id].sort());
    const pdf = await as(ctx, client, { method: 'GET', url: `/api/facture/${situation.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdftotext(pdf.rawPayload)).toContain('Justificatifs : journal de chantier, entrées n° 1 du 12/11/2026, n° 3 du 18/11/2026.');
  });

  it('refuses an entry of another project (or unknown) with a clear 400, and issues nothing', async () => {
    const before = await invoiceCount();
    for (const ids of [[entries.slab.id, entries.elsewhere.id], [999_999]]) {
      const res = await issue({ quote_id: quoteId, kind: 'situation', progress_bp: [6000, 4000], site_log_entry_ids: ids });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'SITE_LOG_CITATION_OTHER_PROJECT',
        message: 'Seules les entrées du journal de chantier de ce projet peuvent être citées.',
      });
    }
    const twice = await issue({ quote_id: quoteId, kind: 'situation', progress_bp: [6000, 4000], site_log_entry_ids: [entries.slab.id, entries.slab.id] });
    expect(twice.statusCode).toBe(400);
    expect(JSON.stringify(twice.json().error.fields)).toContain('Une entrée du journal est citée deux fois.');
    expect(await invoiceCount()).toBe(before);
    // No number was taken by the refusals: the next invoice follows the situation's.
    const next = await issue({ quote_id: quoteId, kind: 'situation', progress_bp: [6000, 4000] });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().data.number).toBe('F-2026-0002');
    expect(next.json().data.justifications).toBeUndefined();
  });

  it('is frozen once issued: the rows refuse any change, a correction of the entry leaves the invoice as issued', async () => {
    await expect(ctx.db.update(siteLogCitations).set({ invoiceNumber: 'F-2026-9999' }).where(eq(siteLogCitations.invoiceId, situation.id))).rejects.toThrow();
    await expect(ctx.db.delete(siteLogCitations).where(eq(siteLogCitations.invoiceId, situation.id))).rejects.toThrow();
    const correction = await writeEntry(projectId, {
      work_date: '2026-11-12',
      body: 'Dalle coulée, partie nord seulement.',
      corrects_entry_id: String(entries.slab.id),
    });
    const detail = await as(ctx, client, { method: 'GET', url: `/api/get-facture-detail/${situation.id}` });
    expect(detail.json().data.justifications.map((j: Json) => j.entry_id)).toEqual([entries.slab.id, entries.pipes.id]);
    expect((await entryOf(client, correction.id)).json().data.cited_by).toEqual([]);
  });

  it('shows the client the justification and the entry where it is cited; another professional of the project sees no invoice of others', async () => {
    const detail = await as(ctx, client, { method: 'GET', url: `/api/get-facture-detail/${situation.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.justifications[0]).toMatchObject({ entry_id: entries.slab.id, number: 1 });
    const cited = { kind: 'invoice', invoice_id: situation.id, invoice_number: situation.number, invoice_kind: 'situation' };
    for (const user of [client, architect, admin]) {
      const res = await entryOf(user, entries.slab.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.cited_by).toEqual([cited]);
    }
    const journal = await as(ctx, client, { method: 'GET', url: `/api/projet/${projectId}/journal` });
    const pipes = journal.json().data.items.find((e: Json) => e.id === entries.pipes.id);
    expect(pipes.cited_by).toEqual([cited]);
    expect((await entryOf(plumber, entries.slab.id)).json().data.cited_by).toEqual([]);
  });

  it('refuses strangers: another client reads neither the invoice nor the entry, another architect cites nothing', async () => {
    expect((await as(ctx, strangerClient, { method: 'GET', url: `/api/get-facture-detail/${situation.id}` })).statusCode).toBe(403);
    expect((await entryOf(strangerClient, entries.slab.id)).statusCode).toBe(403);
    expect((await entryOf(strangerArchitect, entries.slab.id)).statusCode).toBe(403);
    const res = await issue({ quote_id: quoteId, kind: 'situation', progress_bp: [7000, 5000], site_log_entry_ids: [entries.slab.id] }, strangerArchitect);
    expect(res.statusCode).toBe(403);
  });
});

describe('a reservation whose photo is a journal entry', () => {
  let reservationId: number;
  let receptionId: number;
  const cite = (entryId: number, user: TestUser = architect) =>
    as(ctx, user, { method: 'POST', url: `/api/reception/reserve/${reservationId}/photo-journal`, payload: { entry_id: entryId } });

  beforeAll(async () => {
    [{ id: receptionId }] = await ctx.db
      .insert(receptions)
      .values({
        quoteId,
        projectId,
        issuerId: architect.id,
        clientId: client.id,
        receptionDate: '2026-11-20',
        createdBy: architect.id,
        createdAt: new Date('2026-11-20T10:00:00Z'),
      })
      .returning({ id: receptions.id });
    await ctx.db.insert(receptionReservations).values({ receptionId, position: 0, lotIndex: 0, lotTitle: 'Démolition', description: 'Gravats à évacuer' });
    [{ id: reservationId }] = await ctx.db
      .insert(receptionReservations)
      .values({ receptionId, position: 1, lotIndex: 1, lotTitle: 'Plomberie', description: 'Fuite sous l’évier' })
      .returning({ id: receptionReservations.id });
  });

  it('takes an entry of the project with photos; the réception, the PV and the entry show it', async () => {
    const res = await cite(entries.pipes.id);
    expect(res.statusCode, res.body).toBe(200);
    const reservation = res.json().data.reservations.find((r: Json) => r.id === reservationId);
    expect(reservation.photo_url).toBeNull();
    expect(reservation.journal_photo).toMatchObject({ entry_id: entries.pipes.id, number: 3, work_date: '2026-11-18' });
    expect(reservation.journal_photo.photos).toHaveLength(2);
    // The client opens the entry's photo from the reservation.
    const file = await as(ctx, client, { method: 'GET', url: reservation.journal_photo.photos[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/jpeg');
    const pv = await as(ctx, client, { method: 'GET', url: `/api/reception/${receptionId}/pv` });
    expect(pv.statusCode).toBe(200);
    expect(pdftotext(pv.rawPayload)).toContain('Photos : journal de chantier, entrée n° 3 du 18/11/2026');
    const entry = (await entryOf(client, entries.pipes.id)).json().data;
    expect(entry.cited_by).toContainEqual({ kind: 'reservation', reservation_id: reservationId, position: 1, quote_id: quoteId });
  });

  it('refuses an entry without photos or of another project (400), and the client or a stranger (403)', async () => {
    const bare = await cite(entries.rain.id);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.code).toBe('SITE_LOG_CITATION_NO_PHOTO');
    const other = await cite(entries.elsewhere.id);
    expect(other.statusCode).toBe(400);
    expect(other.json().error.code).toBe('SITE_LOG_CITATION_OTHER_PROJECT');
    expect((await cite(entries.slab.id, client)).statusCode).toBe(403);
    expect((await cite(entries.slab.id, strangerArchitect)).statusCode).toBe(403);
  });

  it('is replaced by another entry, then no longer changes once the PV is signed', async () => {
    const res = await cite(entries.slab.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.reservations.find((r: Json) => r.id === reservationId).journal_photo.number).toBe(1);
    expect((await entryOf(client, entries.pipes.id)).json().data.cited_by.filter((c: Json) => c.kind === 'reservation')).toEqual([]);
    await ctx.db
      .update(receptions)
      .set({ signedAt: new Date('2026-11-22T10:00:00Z') })
      .where(eq(receptions.id, receptionId));
    const frozen = await cite(entries.pipes.id);
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().error.code).toBe('RECEPTION_PV_FROZEN');
  });
});
