import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** File kinds we accept, recognised from their first bytes, never from the name or the browser's type. */
export const FILE_KINDS = {
  pdf: { mime: 'application/pdf', extension: 'pdf', label: 'PDF' },
  jpeg: { mime: 'image/jpeg', extension: 'jpg', label: 'JPEG' },
  png: { mime: 'image/png', extension: 'png', label: 'PNG' },
  webp: { mime: 'image/webp', extension: 'webp', label: 'WebP' },
} as const;
export type FileKind = keyof typeof FILE_KINDS;

export function sniffFileKind(bytes: Buffer): FileKind | undefined {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return undefined;
}

export interface UploadedFile {
  field: string;
  filename: string;
  kind: FileKind;
  mime: string;
  extension: string;
  size: number;
  bytes: Buffer;
}

export interface UploadOptions {
  allowed: readonly FileKind[];
  maxBytes: number;
  maxFiles?: number;
}

/** Keep a readable, safe file name for downloads. */
export function cleanFileName(name: string | undefined): string {
  const cleaned = (name ?? 'fichier')
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what we strip
    .replace(/[/\\?%*:|"<>\u0000-\u001f]/g, '_')
    .trim()
    .slice(0, 150);
  return cleaned || 'fichier';
}

function formatMegabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} Mo`;
}

/**
 * Read a multipart request: files (checked by content and size) and text fields.
 * Bad type → 415, too large → 413, none → 400, each with a French message.
 */
export async function readUploads(request: FastifyRequest, options: UploadOptions): Promise<{ files: UploadedFile[]; fields: Record<string, string> }> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Envoyez le fichier dans un formulaire multipart/form-data.');
  }
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  const accepted = options.allowed.map((k) => FILE_KINDS[k].label).join(', ');
  for await (const part of request.parts({ limits: { fileSize: options.maxBytes, files: options.maxFiles ?? 10, fieldSize: 100_000 } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('PAYLOAD_TOO_LARGE', `Le fichier « ${cleanFileName(part.filename)} » dépasse ${formatMegabytes(options.maxBytes)}.`, {
          [part.fieldname]: `Fichier trop volumineux (maximum ${formatMegabytes(options.maxBytes)}).`,
        });
      }
      throw error;
    }
    if (bytes.length === 0) throw new AppError('VALIDATION', 'Le fichier envoyé est vide.', { [part.fieldname]: 'Le fichier est vide.' });
    const kind = sniffFileKind(bytes);
    if (!kind || !options.allowed.includes(kind)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Le fichier « ${cleanFileName(part.filename)} » n'est pas accepté. Formats acceptés : ${accepted}.`, {
        [part.fieldname]: `Format non accepté (formats acceptés : ${accepted}).`,
      });
    }
    const { mime, extension } = FILE_KINDS[kind];
    files.push({ field: part.fieldname, filename: cleanFileName(part.filename), kind, mime, extension, size: bytes.length, bytes });
  }
  return { files, fields };
}
