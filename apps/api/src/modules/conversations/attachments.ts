import type { MessageAttachment } from '@ouvrage/contracts';
import { attachmentRefusal, CONVERSATION_ERRORS, MESSAGE_ATTACHMENT_KINDS, MESSAGE_ATTACHMENT_LIMITS, refusal } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notFound, refused } from '../../lib/errors';
import { loadSharp } from '../../lib/lazy-deps';
import { readStoredFile } from '../../lib/stored-files';
import { FILE_KINDS, type UploadedFile, type UploadOptions } from '../../lib/uploads';
import * as repo from './repository';

/**
 * A message's files (decision 1230, « Attachments »): JPEG, PNG or WebP images and PDF, recognised
 * from their bytes, 10 MB and 5 at most. An image is stored re-encoded by sharp, its orientation
 * applied and without any metadata (GPS, camera), like the site log's photos; a PDF is stored as
 * sent. Nothing is stored before every file of the message passed.
 */

/** What the route's multipart reader accepts; another kind is the conversation's own 400. */
export const attachmentUploadOptions: UploadOptions = {
  allowed: MESSAGE_ATTACHMENT_KINDS,
  maxBytes: MESSAGE_ATTACHMENT_LIMITS.bytes,
  // One more than allowed reaches the rule, which names the limit (the parser would only say « too many »).
  maxFiles: MESSAGE_ATTACHMENT_LIMITS.files + 1,
  refuseKind: ({ field, filename }) => {
    const rule = attachmentRefusal({ name: filename, kind: undefined, size: 0 });
    return refused(rule!, { [field]: rule!.message });
  },
};

export interface PreparedAttachment {
  bytes: Buffer;
  extension: string;
  contentType: string;
  name: string;
  width: number | null;
  height: number | null;
}

const unreadable = (name: string) =>
  refused(refusal(CONVERSATION_ERRORS.attachmentUnreadable, `L’image « ${name} » est illisible ou endommagée.`, { name }, 400), {
    files: 'Image illisible ou endommagée.',
  });

/** Check and prepare the files, in memory, before anything is stored: images re-encoded without metadata, PDF as is. */
export async function prepareAttachments(files: UploadedFile[]): Promise<PreparedAttachment[]> {
  const prepared: PreparedAttachment[] = [];
  for (const file of files) {
    const rule = attachmentRefusal({ name: file.filename, kind: file.kind, size: file.size });
    if (rule) throw refused(rule, { files: rule.message });
    const name = file.filename.slice(0, MESSAGE_ATTACHMENT_LIMITS.nameLength);
    const { mime, extension } = FILE_KINDS[file.kind];
    if (file.kind === 'pdf') {
      prepared.push({ bytes: file.bytes, extension, contentType: mime, name, width: null, height: null });
      continue;
    }
    const sharp = await loadSharp(); // outside the try: a missing library is not an unreadable image
    try {
      const image = sharp(file.bytes, { limitInputPixels: 80_000_000 }).rotate();
      const encoded =
        file.kind === 'png' ? image.png({ compressionLevel: 8 }) : file.kind === 'webp' ? image.webp({ quality: 85 }) : image.jpeg({ quality: 88 });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      prepared.push({ bytes: data, extension, contentType: mime, name, width: info.width, height: info.height });
    } catch {
      throw unreadable(file.filename);
    }
  }
  return prepared;
}

/** Store the prepared files; on any failure the ones stored are removed. */
export async function storeAttachments(deps: AppDeps, files: PreparedAttachment[]): Promise<repo.AttachmentInsert[]> {
  const stored: repo.AttachmentInsert[] = [];
  try {
    for (const [index, f] of files.entries()) {
      const key = await deps.storage.save(f.bytes, f.extension);
      stored.push({
        storageKey: key,
        contentType: f.contentType,
        sizeBytes: f.bytes.length,
        originalName: f.name,
        width: f.width,
        height: f.height,
        position: index + 1,
      });
    }
  } catch (error) {
    await removeStored(
      deps,
      stored.map((s) => s.storageKey),
    );
    throw error;
  }
  return stored;
}

export async function removeStored(deps: AppDeps, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => deps.storage.remove(key).catch(() => undefined)));
}

export function attachmentView(row: repo.MessageAttachmentRow): MessageAttachment {
  return {
    id: row.id,
    name: row.originalName,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    is_image: row.contentType.startsWith('image/'),
  };
}

const THUMBNAIL_SIDE = 320;

/**
 * An attachment as stored (an image already without metadata, a PDF as sent), or an image's
 * thumbnail made on the fly; a deleted message's files are gone (404).
 */
export async function attachmentFile(
  deps: AppDeps,
  id: number,
  size: 'vignette' | 'originale',
): Promise<{ bytes: Buffer; mime: string; name: string; isImage: boolean }> {
  const row = await repo.findLiveAttachment(deps.db, id);
  if (!row) throw notFound('Ce fichier est introuvable.');
  const bytes = await readStoredFile(deps.storage, row.storageKey, 'Ce fichier n’est plus disponible.');
  const isImage = row.contentType.startsWith('image/');
  if (size === 'originale' || !isImage) return { bytes, mime: row.contentType, name: row.originalName, isImage };
  const sharp = await loadSharp();
  const thumbnail = await sharp(bytes).resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
  return { bytes: thumbnail, mime: 'image/jpeg', name: row.originalName, isImage };
}
