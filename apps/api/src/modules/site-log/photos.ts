import { refusal, SITE_LOG_ERRORS, SITE_LOG_LIMITS, SITE_LOG_PHOTO_KINDS, siteLogPhotoRefusal } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notFound, refused } from '../../lib/errors';
import { loadSharp } from '../../lib/lazy-deps';
import { readStoredFile } from '../../lib/stored-files';
import { FILE_KINDS, type UploadedFile, type UploadOptions } from '../../lib/uploads';
import { type GpsPosition, readExif } from './exif';
import * as repo from './repository';

/**
 * An entry's photos (decision 1231): JPEG, PNG or WebP recognised from their bytes, 10 MB at most
 * each, 10 at most. The EXIF capture date and GPS position are read first (the position is kept in
 * the row for the professionals and the admin, never served to the client); the copy stored — and the only one served —
 * is re-encoded by sharp with its orientation applied and without any metadata (GPS, camera,
 * owner), which sharp drops unless asked to keep it.
 */

/** What the route's multipart reader accepts; another kind is the journal's own 400. */
export const photoUploadOptions: UploadOptions = {
  allowed: SITE_LOG_PHOTO_KINDS,
  maxBytes: SITE_LOG_LIMITS.photoBytes,
  maxFiles: SITE_LOG_LIMITS.photos,
  refuseKind: ({ field, filename }) => {
    const rule = siteLogPhotoRefusal({ name: filename, kind: undefined, size: 0 });
    return refused(rule!, { [field]: rule!.message });
  },
};

export interface PreparedPhoto {
  bytes: Buffer;
  extension: string;
  contentType: string;
  width: number;
  height: number;
  takenAt: Date | null;
  position: GpsPosition | null;
}

const unreadable = (name: string) =>
  refused(refusal(SITE_LOG_ERRORS.photoUnreadable, `La photo « ${name} » est illisible ou endommagée.`, { name }, 400), {
    photos: 'Image illisible ou endommagée.',
  });

/** Decode, date and re-encode the photos, in memory, before anything is stored or locked. */
export async function preparePhotos(files: UploadedFile[]): Promise<PreparedPhoto[]> {
  const sharp = await loadSharp(); // outside the try: a missing library is not an unreadable image
  const prepared: PreparedPhoto[] = [];
  for (const file of files) {
    const rule = siteLogPhotoRefusal({ name: file.filename, kind: file.kind, size: file.size });
    if (rule) throw refused(rule, { photos: rule.message });
    try {
      const metadata = await sharp(file.bytes, { limitInputPixels: 80_000_000 }).metadata();
      const image = sharp(file.bytes, { limitInputPixels: 80_000_000 }).rotate();
      const encoded =
        file.kind === 'png' ? image.png({ compressionLevel: 8 }) : file.kind === 'webp' ? image.webp({ quality: 85 }) : image.jpeg({ quality: 88 });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      prepared.push({
        bytes: data,
        extension: FILE_KINDS[file.kind].extension,
        contentType: FILE_KINDS[file.kind].mime,
        width: info.width,
        height: info.height,
        ...readExif(metadata.exif),
      });
    } catch {
      throw unreadable(file.filename);
    }
  }
  return prepared;
}

/** Store the prepared copies; on any failure the ones stored are removed. */
export async function storePhotos(deps: AppDeps, photos: PreparedPhoto[]): Promise<repo.SiteLogPhotoInsert[]> {
  const stored: repo.SiteLogPhotoInsert[] = [];
  try {
    for (const [index, p] of photos.entries()) {
      const key = await deps.storage.save(p.bytes, p.extension);
      stored.push({
        storageKey: key,
        contentType: p.contentType,
        sizeBytes: p.bytes.length,
        width: p.width,
        height: p.height,
        takenAt: p.takenAt,
        latitude: p.position?.latitude ?? null,
        longitude: p.position?.longitude ?? null,
        position: index + 1,
      });
    }
  } catch (error) {
    await removePhotos(deps, stored);
    throw error;
  }
  return stored;
}

export async function removePhotos(deps: AppDeps, photos: Array<{ storageKey: string }>): Promise<void> {
  await Promise.all(photos.map((p) => deps.storage.remove(p.storageKey).catch(() => undefined)));
}

const THUMBNAIL_SIDE = 320;

/** A photo as stored (already without metadata), or its thumbnail made on the fly. */
export async function photoFile(deps: AppDeps, id: number, size: 'vignette' | 'originale'): Promise<{ bytes: Buffer; mime: string }> {
  const photo = await repo.findPhoto(deps.db, id);
  if (!photo) throw notFound('Photo introuvable.');
  const bytes = await readStoredFile(deps.storage, photo.storageKey, 'Cette photo n’est plus disponible.');
  if (size === 'originale') return { bytes, mime: photo.contentType };
  const sharp = await loadSharp();
  const thumbnail = await sharp(bytes).resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
  return { bytes: thumbnail, mime: 'image/jpeg' };
}
