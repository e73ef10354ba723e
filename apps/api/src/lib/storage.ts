import { randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded files live. Local directory by default; an S3-compatible bucket when S3_BUCKET is
 * set (`s3-storage.ts`, decision 0852), chosen in one place (`app.ts`). Every module reads and
 * writes files through `deps.storage`, never through its own instance.
 */
export interface FileStorage {
  /** Store bytes and return an opaque key (e.g. `2026/11/uuid.pdf`). */
  save(bytes: Buffer, extension: string): Promise<string>;
  /**
   * Store a stream without holding it in memory. More than `maxBytes` bytes rejects with a
   * `FileTooLargeError` and leaves nothing stored.
   */
  saveStream(source: Readable | AsyncIterable<Buffer>, extension: string, options: { maxBytes: number }): Promise<{ key: string; size: number }>;
  /** A missing key rejects with an error whose `code` is `ENOENT` or whose name is `NoSuchKey`. */
  read(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
  /** Resolves when the store answers and may be written (GET /api/health); rejects otherwise. */
  check(): Promise<void>;
  /** `local` or `s3`, as /api/health names it. */
  readonly kind: 'local' | 's3';
}

/** A streamed file went past its size limit. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Fichier de plus de ${maxBytes} octets`);
    this.name = 'FileTooLargeError';
  }
}

export const KEY_PATTERN = /^\d{4}\/\d{2}\/[0-9a-f-]{36}\.[a-z0-9]{1,5}$/;

/** A new opaque key: year/month/uuid.extension. */
export function newKey(extension: string, now = new Date()): string {
  return `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${extension.toLowerCase()}`;
}

/** Counts bytes on their way through and fails past the limit. */
export function sizeLimit(maxBytes: number, seen: { size: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen.size += chunk.length;
      if (seen.size > maxBytes) callback(new FileTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
}

export class LocalFileStorage implements FileStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`Clé de fichier invalide : ${key}`);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error('Chemin de fichier hors du stockage');
    return path;
  }

  async save(bytes: Buffer, extension: string): Promise<string> {
    const key = newKey(extension);
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes, { flag: 'wx' });
    return key;
  }

  async saveStream(source: Readable | AsyncIterable<Buffer>, extension: string, { maxBytes }: { maxBytes: number }) {
    const key = newKey(extension);
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const seen = { size: 0 };
    try {
      await pipeline(source, sizeLimit(maxBytes, seen), createWriteStream(path, { flags: 'wx' }));
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
    return { key, size: seen.size };
  }

  async read(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }
}

/** The local directory under DATA_DIR/files. The S3 store is built by `createS3FileStorage` (s3-storage.ts). */
export function createFileStorage(dataDir: string): FileStorage {
  return new LocalFileStorage(join(dataDir, 'files'));
}
