import type { InsuranceKind, ReferenceView } from '@ouvrage/contracts';
import type { AppDeps } from '../../lib/deps';
import { AppError, invalid, notFound, refuse } from '../../lib/errors';
import { loadSharp } from '../../lib/lazy-deps';
import { readStoredFile } from '../../lib/stored-files';
import type { StoredUpload, UploadedFile } from '../../lib/uploads';
import { requireProfessional } from './profile';
import * as repo from './repository';

const MB = 1024 * 1024;
export const LOGO_MAX_BYTES = 5 * MB;
export const LOGO_SIZE = 512;
export const CERTIFICATE_MAX_BYTES = 10 * MB;
export const PHOTO_MAX_BYTES = 10 * MB;
export const PHOTO_MAX_SIDE = 1600;
export const MAX_PHOTOS_PER_REFERENCE = 12;
export const IMAGE_KINDS = ['jpeg', 'png', 'webp'] as const;
export const CERTIFICATE_KINDS = ['pdf', 'jpeg', 'png'] as const;

/** Checked by the upload routes before they read the request's files. */
export async function assertProfessional(deps: AppDeps, userId: number): Promise<void> {
  await requireProfessional(deps.db, userId);
}

export async function assertReferenceExists(deps: AppDeps, referenceId: number): Promise<void> {
  if (!(await repo.findReference(deps.db, referenceId))) throw notFound('Référence introuvable.');
}

const unreadableImage = (field: string) =>
  new AppError('VALIDATION', "L'image envoyée est illisible ou endommagée.", { [field]: "L'image est illisible ou endommagée." });

/** Orientation applied, metadata (GPS…) dropped, fitted in a square for quotes and pages. */
export async function resizeLogo(bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp(); // outside the try: a missing library is not an unreadable image
  try {
    return await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(LOGO_SIZE, LOGO_SIZE, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw unreadableImage('logo');
  }
}

async function resizePhoto(bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp(); // outside the try: a missing library is not an unreadable image
  try {
    return await sharp(bytes, { limitInputPixels: 80_000_000 })
      .rotate()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch {
    throw unreadableImage('photos');
  }
}

function singleFile<T>(files: T[], field: string, what: string): T {
  if (files.length === 0) throw invalid({ [field]: `Choisissez ${what}.` }, `Aucun fichier reçu : choisissez ${what}.`);
  if (files.length > 1) throw invalid({ [field]: 'Un seul fichier à la fois.' }, 'Envoyez un seul fichier à la fois.');
  return files[0];
}

/** The logo arrives in memory (read by the route): sharp decodes it anyway to resize it. */
export async function uploadLogo(deps: AppDeps, userId: number, files: UploadedFile[]) {
  await requireProfessional(deps.db, userId);
  const file = singleFile(files, 'logo', 'une image (JPEG, PNG ou WebP)');
  const resized = await resizeLogo(file.bytes);
  const key = await deps.storage.save(resized, 'png');
  const previous = await deps.db.transaction(async (tx) => {
    const company = (await repo.lockCompany(tx, userId))!;
    await repo.updateCompany(tx, userId, { logoPath: key });
    return company.logoPath;
  });
  if (previous) await deps.storage.remove(previous).catch(() => undefined);
  return { message: 'Votre logo a été enregistré.', name: file.filename };
}

export async function readLogo(deps: AppDeps, userId: number) {
  const company = await repo.findCompany(deps.db, userId);
  if (!company?.logoPath) throw notFound("Cette entreprise n'a pas de logo.");
  return { bytes: await readStoredFile(deps.storage, company.logoPath), mime: 'image/png' };
}

/** The certificate was streamed to storage by the route; it is removed again on any refusal. */
export async function uploadCertificate(deps: AppDeps, userId: number, kind: InsuranceKind, files: StoredUpload[]) {
  let previous: string | null;
  let file: StoredUpload;
  try {
    await requireProfessional(deps.db, userId);
    file = singleFile(files, 'certificate', "l'attestation d'assurance (PDF, JPEG ou PNG)");
    const key = file.key;
    const name = file.filename;
    const mime = file.mime;
    previous = await deps.db.transaction(async (tx) => {
      await repo.lockCompany(tx, userId);
      const existing = (await repo.insurancesOf(tx, userId)).find((i) => i.kind === kind);
      await repo.upsertInsurance(tx, userId, kind, { certificatePath: key, certificateName: name, certificateMime: mime });
      return existing?.certificatePath ?? null;
    });
  } catch (error) {
    await Promise.all(files.map((f) => deps.storage.remove(f.key).catch(() => undefined)));
    throw error;
  }
  if (previous) await deps.storage.remove(previous).catch(() => undefined);
  return { message: kind === 'decennale' ? 'Attestation décennale enregistrée.' : 'Attestation RC pro enregistrée.', name: file.filename };
}

export async function readCertificate(deps: AppDeps, userId: number, kind: InsuranceKind) {
  await requireProfessional(deps.db, userId);
  const insurance = (await repo.insurancesOf(deps.db, userId)).find((i) => i.kind === kind);
  if (!insurance?.certificatePath) throw notFound("Aucune attestation n'a été envoyée.");
  return {
    bytes: await readStoredFile(deps.storage, insurance.certificatePath),
    mime: insurance.certificateMime ?? 'application/octet-stream',
    name: insurance.certificateName ?? `attestation-${kind}`,
  };
}

// ---------- references ----------

export function referenceView(row: Awaited<ReturnType<typeof repo.referencesOf>>[number]): ReferenceView {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    city: row.city,
    year: row.year,
    amount_cents: row.amountCents,
    photos: row.photos.map((p) => ({ id: p.id, name: p.name })),
  };
}

export async function listReferences(deps: AppDeps, userId: number): Promise<ReferenceView[]> {
  await requireProfessional(deps.db, userId);
  return (await repo.referencesOf(deps.db, userId)).map(referenceView);
}

async function oneReference(deps: AppDeps, referenceId: number): Promise<ReferenceView> {
  const ref = await repo.findReference(deps.db, referenceId);
  if (!ref) throw notFound('Référence introuvable.');
  return referenceView({ ...ref, photos: await repo.photosOf(deps.db, referenceId) });
}

export const MAX_REFERENCES = 50;

export async function createReference(
  deps: AppDeps,
  userId: number,
  body: { title: string; description: string; city: string | null; year: number | null; amount_cents: number | null },
) {
  const id = await deps.db.transaction(async (tx) => {
    await requireProfessional(tx, userId);
    await repo.lockCompany(tx, userId);
    const existing = await repo.referencesOf(tx, userId);
    if (existing.length >= MAX_REFERENCES) throw refuse('REFERENCES_LIMIT', `Au plus ${MAX_REFERENCES} références.`, { max: MAX_REFERENCES });
    return repo.insertReference(tx, {
      userId,
      title: body.title,
      description: body.description,
      city: body.city,
      year: body.year,
      amountCents: body.amount_cents,
    });
  });
  return oneReference(deps, id);
}

export async function updateReference(
  deps: AppDeps,
  referenceId: number,
  body: { title: string; description: string; city: string | null; year: number | null; amount_cents: number | null; remove_photo_ids: number[] },
) {
  const removed = await deps.db.transaction(async (tx) => {
    const ref = await repo.findReference(tx, referenceId);
    if (!ref) throw notFound('Référence introuvable.');
    await repo.updateReference(tx, referenceId, {
      title: body.title,
      description: body.description,
      city: body.city,
      year: body.year,
      amountCents: body.amount_cents,
    });
    const photos = await repo.photosOf(tx, referenceId);
    const toRemove = photos.filter((p) => body.remove_photo_ids.includes(p.id));
    if (toRemove.length !== new Set(body.remove_photo_ids).size)
      throw invalid({ remove_photo_ids: "Une des photos à retirer n'appartient pas à cette référence." });
    for (const photo of toRemove) await repo.deletePhoto(tx, photo.id);
    return toRemove.map((p) => p.path);
  });
  for (const path of removed) await deps.storage.remove(path).catch(() => undefined);
  return oneReference(deps, referenceId);
}

export async function deleteReference(deps: AppDeps, referenceId: number) {
  const paths = await deps.db.transaction(async (tx) => {
    const photos = await repo.photosOf(tx, referenceId);
    if (!(await repo.deleteReference(tx, referenceId))) throw notFound('Référence introuvable.');
    return photos.map((p) => p.path);
  });
  for (const path of paths) await deps.storage.remove(path).catch(() => undefined);
}

/** Photos arrive in memory (read by the route): sharp decodes them anyway to resize them. */
export async function addReferencePhotos(deps: AppDeps, referenceId: number, files: UploadedFile[]) {
  const ref = await repo.findReference(deps.db, referenceId);
  if (!ref) throw notFound('Référence introuvable.');
  if (!files.length) throw invalid({ photos: 'Choisissez au moins une photo (JPEG, PNG ou WebP).' }, 'Aucune photo reçue.');
  const resized: Array<{ name: string; bytes: Buffer }> = [];
  for (const file of files) resized.push({ name: file.filename, bytes: await resizePhoto(file.bytes) });
  const keys: string[] = [];
  for (const photo of resized) keys.push(await deps.storage.save(photo.bytes, 'jpg'));
  try {
    await deps.db.transaction(async (tx) => {
      await repo.lockCompany(tx, ref.userId);
      const existing = await repo.photosOf(tx, referenceId);
      if (existing.length + keys.length > MAX_PHOTOS_PER_REFERENCE) {
        throw refuse('PHOTOS_LIMIT', `Au plus ${MAX_PHOTOS_PER_REFERENCE} photos par référence (déjà ${existing.length}).`, {
          max: MAX_PHOTOS_PER_REFERENCE,
          count: existing.length,
        });
      }
      await repo.insertPhotos(
        tx,
        keys.map((path, i) => ({ referenceId, path, mime: 'image/jpeg', name: resized[i].name })),
      );
    });
  } catch (error) {
    for (const key of keys) await deps.storage.remove(key).catch(() => undefined);
    throw error;
  }
  return oneReference(deps, referenceId);
}

export async function readReferencePhoto(deps: AppDeps, photoId: number) {
  const photo = await repo.findPhoto(deps.db, photoId);
  if (!photo) throw notFound('Photo introuvable.');
  return { bytes: await readStoredFile(deps.storage, photo.path), mime: photo.mime };
}
