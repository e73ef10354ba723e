import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { AppError } from './errors';
import { FileTooLargeError, type FileStorage } from './storage';

/** File kinds we accept, recognised from their first bytes, never from the name or the browser's type. */
export const FILE_KINDS = {
  pdf: { mime: 'application/pdf', extension: 'pdf', label: 'PDF' },
  jpeg: { mime: 'image/jpeg', extension: 'jpg', label: 'JPEG' },
  png: { mime: 'image/png', extension: 'png', label: 'PNG' },
  webp: { mime: 'image/webp', extension: 'webp', label: 'WebP' },
} as const;
export type FileKind = keyof typeof FILE_KINDS;

/**
 * Lets a module's routes read multipart forms (decision 0987). Registered in each module that takes
 * files, not at the root: @fastify/multipart adds two asynchronous hooks to every request of its
 * scope (≈ 3 µs, 7 % of a request answered from memory), for the many routes that never take a file.
 * Elsewhere a multipart body is a 415 like any type a route does not read.
 */
export async function acceptUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: app.deps.config.uploadMaxBytes, files: 10, fields: 50 } });
}

/**
 * The rule `acceptUploads` depends on, held at the root: a route that declares it takes forms
 * (`consumes: ['multipart/form-data']`, which the OpenAPI document shows) must be registered in a
 * scope that reads them, or the app refuses to start. A forgotten `acceptUploads` would otherwise
 * answer every form of that route « Ce type de contenu n'est pas accepté. ». Added before the modules.
 */
export function requireUploadsWhereDeclared(app: FastifyInstance): void {
  app.addHook('onRoute', function checkUploadRoute(this: FastifyInstance, route) {
    const consumes = (route.schema as { consumes?: readonly string[] } | undefined)?.consumes ?? [];
    if (consumes.includes('multipart/form-data') && !this.hasContentTypeParser('multipart/form-data')) {
      throw new Error(`${[route.method].flat().join(',')} ${route.url} reçoit des formulaires multipart, mais son module n'appelle pas acceptUploads(app).`);
    }
  });
}

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
  /**
   * The module's own refusal of a file of another kind (its code, its status), instead of the
   * generic 415 « format non accepté ».
   */
  refuseKind?: (file: { field: string; filename: string }) => AppError;
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

/** A file already written to storage by `storeUploads`. */
export interface StoredUpload extends Omit<UploadedFile, 'bytes'> {
  key: string;
}

/** Who may upload is settled before the body is read (access control on the path or query id). */
export type StoreOptions = UploadOptions;

export const MALFORMED_MULTIPART_MESSAGE = 'Le formulaire envoyé est incomplet ou mal formé. Renvoyez le fichier.';

/** Errors of the multipart parser itself (busboy): the body is not a well-formed form. */
const BUSBOY_MESSAGE = /multipart|boundary|unexpected end of (form|multipart data)|malformed part header|part terminated early/i;

/** The parser's errors as French 4xx; anything else (database, disk) goes on unchanged. */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof FileTooLargeError) {
    return new AppError('PAYLOAD_TOO_LARGE', `Un fichier dépasse ${formatMegabytes(error.maxBytes)}.`);
  }
  const { code, message } = error as { code?: string; message?: string };
  switch (code) {
    case 'FST_FILES_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', 'Trop de fichiers envoyés en une fois.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', 'Le formulaire contient trop de champs.');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('BAD_REQUEST', MALFORMED_MULTIPART_MESSAGE);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Envoyez le fichier dans un formulaire multipart/form-data.');
  }
  if (!code && message && BUSBOY_MESSAGE.test(message)) return new AppError('BAD_REQUEST', MALFORMED_MULTIPART_MESSAGE);
  return error;
}

function assertMultipart(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Envoyez le fichier dans un formulaire multipart/form-data.');
  }
}

/** A text field of the form; NUL bytes are refused here as the schema validator refuses them elsewhere. */
function fieldValue(part: { fieldname: string; value: unknown }): string {
  const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value ?? '');
  if (value.includes('\u0000')) throw new AppError('VALIDATION', undefined, { [part.fieldname]: 'Ce champ contient un caractère interdit.' });
  return value;
}

/** Read at least `wanted` bytes from the start of a file (fewer when it is shorter). */
async function readHead(iterator: AsyncIterator<Buffer>, wanted: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < wanted) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
    length += next.value.length;
  }
  return Buffer.concat(chunks);
}

function refuseKind(field: string, filename: string, options: UploadOptions): AppError {
  if (options.refuseKind) return options.refuseKind({ field, filename });
  const accepted = options.allowed.map((k) => FILE_KINDS[k].label).join(', ');
  return new AppError('UNSUPPORTED_MEDIA_TYPE', `Le fichier « ${filename} » n'est pas accepté. Formats acceptés : ${accepted}.`, {
    [field]: `Format non accepté (formats acceptés : ${accepted}).`,
  });
}

const tooLarge = (field: string, filename: string, maxBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `Le fichier « ${filename} » dépasse ${formatMegabytes(maxBytes)}.`, {
    [field]: `Fichier trop volumineux (maximum ${formatMegabytes(maxBytes)}).`,
  });

const emptyFile = (field: string) => new AppError('VALIDATION', 'Le fichier envoyé est vide.', { [field]: 'Le fichier est vide.' });

/**
 * Read a multipart request into memory: files (checked by content and size) and text fields.
 * For files that must be decoded anyway (images resized by sharp); others use `storeUploads`.
 * Bad type → 415, too large → 413, malformed form → 400, each with a French message.
 */
export async function readUploads(request: FastifyRequest, options: UploadOptions): Promise<{ files: UploadedFile[]; fields: Record<string, string> }> {
  assertMultipart(request);
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes, files: options.maxFiles ?? 10, fieldSize: 100_000 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = fieldValue(part);
        continue;
      }
      const filename = cleanFileName(part.filename);
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(part.fieldname, filename, options.maxBytes);
        throw error;
      }
      if (bytes.length === 0) throw emptyFile(part.fieldname);
      const kind = sniffFileKind(bytes);
      if (!kind || !options.allowed.includes(kind)) throw refuseKind(part.fieldname, filename, options);
      const { mime, extension } = FILE_KINDS[kind];
      files.push({ field: part.fieldname, filename, kind, mime, extension, size: bytes.length, bytes });
    }
  } catch (error) {
    throw uploadError(error);
  }
  return { files, fields };
}

/**
 * Stream a multipart request's files to storage, never holding a whole file in memory: the
 * first bytes decide the type, the rest goes straight to the store, which stops at the size
 * limit. On any refusal the files already stored are removed.
 */
export async function storeUploads(
  request: FastifyRequest,
  storage: FileStorage,
  options: StoreOptions,
): Promise<{ files: StoredUpload[]; fields: Record<string, string> }> {
  assertMultipart(request);
  const files: StoredUpload[] = [];
  const fields: Record<string, string> = {};
  try {
    // One byte over the limit reaches the store, which then refuses the file.
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes + 1, files: options.maxFiles ?? 10, fieldSize: 100_000 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = fieldValue(part);
        continue;
      }
      const filename = cleanFileName(part.filename);
      const iterator = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      try {
        const head = await readHead(iterator, 16);
        if (head.length === 0) throw emptyFile(part.fieldname);
        const kind = sniffFileKind(head);
        if (!kind || !options.allowed.includes(kind)) throw refuseKind(part.fieldname, filename, options);
        const { mime, extension } = FILE_KINDS[kind];
        const rest = async function* () {
          yield head;
          for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
        };
        try {
          const { key, size } = await storage.saveStream(rest(), extension, { maxBytes: options.maxBytes });
          files.push({ field: part.fieldname, filename, kind, mime, extension, size, key });
        } catch (error) {
          if (error instanceof FileTooLargeError) throw tooLarge(part.fieldname, filename, options.maxBytes);
          throw error;
        }
      } finally {
        // A refused or failed file stops its stream (the parser then ends the form).
        if (!part.file.readableEnded) await iterator.return?.();
      }
    }
  } catch (error) {
    await Promise.all(files.map((f) => storage.remove(f.key).catch(() => undefined)));
    throw uploadError(error);
  }
  return { files, fields };
}
