import { calendarDateAt, type Caller, type Language, type UserType } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { loadSharp } from '../../lib/lazy-deps';
import { readStoredFile } from '../../lib/stored-files';
import { renderSiteLogPdf, type SiteLogPdfEntry, type SiteLogPdfPerson } from '../pdf';
import { projectsByIds } from '../projects';
import { findUser, findUsers } from '../users';
import * as repo from './repository';

/**
 * The journal's PDF (decision 1231), for whoever reads the journal (access control checked the
 * project's owners): every entry, the oldest first, with its comments, corrections and photos. In
 * the language asked (the screen's), else the reader's account language, as their e-mails. The
 * photos are the stored copies — already without metadata — made JPEG and at most 1600 px for
 * pdfkit (which reads no WebP) and a file that stays light; the GPS position is not printed, the
 * same file goes to the client.
 */

const PHOTO_SIDE = 1600;

async function pdfPhoto(deps: AppDeps, photo: repo.SiteLogPhotoRow): Promise<SiteLogPdfEntry['photos'][number]> {
  const stored = await readStoredFile(deps.storage, photo.storageKey, 'Une photo du journal n’est plus disponible.');
  const sharp = await loadSharp();
  const bytes = await sharp(stored)
    .resize(PHOTO_SIDE, PHOTO_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82 })
    .toBuffer()
    .catch(() => stored);
  return { bytes, mime: bytes === stored ? photo.contentType : 'image/jpeg', takenAt: photo.takenAt };
}

export async function journalPdf(deps: AppDeps, caller: Caller, projectId: number, asked?: Language): Promise<{ pdf: Buffer; name: string }> {
  const { db } = deps;
  const [[found], rows, reader] = await Promise.all([
    projectsByIds(db, [projectId]),
    repo.journalEntries(db, projectId),
    asked ? null : findUser(db, caller.id),
  ]);
  if (!found) throw notFound('Projet introuvable.');
  const ids = rows.map((r) => r.id);
  const [photos, comments, corrections] = await Promise.all([repo.photosOf(db, ids), repo.commentsOfEntries(db, ids), repo.correctionsOf(db, ids)]);
  const people = new Map(
    (await findUsers(db, [...new Set([...rows.map((r) => r.authorId), ...comments.map((c) => c.authorId)])])).map((u) => [
      u.id,
      { name: `${u.firstname} ${u.lastname}`.trim() || 'Utilisateur', role: u.userType as UserType },
    ]),
  );
  const person = (id: number, fallback: UserType): SiteLogPdfPerson => people.get(id) ?? { name: 'Utilisateur', role: fallback };
  const byId = new Map(rows.map((r) => [r.id, r]));

  const entries: SiteLogPdfEntry[] = [];
  for (const row of rows) {
    const corrected = row.correctsEntryId === null ? undefined : byId.get(row.correctsEntryId);
    const correction = corrections.get(row.id);
    const ownPhotos: SiteLogPdfEntry['photos'] = [];
    // One photo at a time: a long journal's images are not all decoded at once.
    for (const p of photos.filter((p) => p.entryId === row.id)) ownPhotos.push(await pdfPhoto(deps, p));
    entries.push({
      number: row.number,
      workDate: row.workDate,
      createdAt: row.createdAt,
      author: person(row.authorId, 'professionnel'),
      lotLabel: row.lotLabel,
      weatherStop: row.weatherStop,
      weatherNote: row.weatherNote,
      body: row.body,
      corrects: corrected ? { number: corrected.number, workDate: corrected.workDate } : null,
      correctedBy: correction ? { number: correction.number, workDate: correction.workDate } : null,
      comments: comments.filter((c) => c.entryId === row.id).map((c) => ({ author: person(c.authorId, 'client'), body: c.body, createdAt: c.createdAt })),
      photos: ownPhotos,
    });
  }

  const { project, categoryName, bienName } = found;
  const generatedAt = deps.clock.now();
  const clientName = `${project.firstname} ${project.lastname}`.trim();
  const pdf = await renderSiteLogPdf({
    language: asked ?? reader?.language ?? 'fr',
    project: {
      id: project.id,
      title: `${categoryName} — ${bienName}`,
      address: { street: project.street, postcode: project.postcode, city: project.city },
    },
    client: { name: project.companyName ? `${project.companyName} (${clientName})` : clientName },
    entries,
    generatedAt,
  });
  return { pdf, name: `journal-de-chantier-projet-${project.id}-${calendarDateAt(generatedAt)}.pdf` };
}
