import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';
import { FileTooLargeError, KEY_PATTERN, newKey, type FileStorage } from './storage';

type S3Sdk = typeof import('@aws-sdk/client-s3');

/**
 * Uploaded files in an S3-compatible bucket (decision 0852): what every API instance behind a load
 * balancer reads and writes, where a local directory would be one machine's. Keys are the same
 * opaque `yyyy/mm/uuid.ext` as on disk, under the configured prefix. A streamed upload is held in
 * memory up to its size limit (20 Mo) and sent in one PUT: no multipart upload left half-done.
 */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3' as const;

  constructor(
    private readonly sdk: S3Sdk,
    private readonly client: S3Client,
    private readonly settings: Pick<S3Settings, 'bucket' | 'prefix'>,
  ) {}

  private objectKey(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`Clé de fichier invalide : ${key}`);
    return `${this.settings.prefix}${key}`;
  }

  private async put(key: string, bytes: Buffer): Promise<void> {
    await this.client.send(new this.sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key), Body: bytes, ContentLength: bytes.length }));
  }

  async save(bytes: Buffer, extension: string): Promise<string> {
    const key = newKey(extension);
    await this.put(key, bytes);
    return key;
  }

  async saveStream(source: Readable | AsyncIterable<Buffer>, extension: string, { maxBytes }: { maxBytes: number }) {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of source) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      size += bytes.length;
      if (size > maxBytes) {
        // Drain nothing more: the caller's stream is abandoned, as the local store does.
        (source as Readable).destroy?.();
        throw new FileTooLargeError(maxBytes);
      }
      chunks.push(bytes);
    }
    const key = newKey(extension);
    await this.put(key, Buffer.concat(chunks, size));
    return { key, size };
  }

  async read(key: string): Promise<Buffer> {
    try {
      const answer = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    } catch (error) {
      // Some stores answer a missing key with a bare 404 instead of NoSuchKey.
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) {
        throw Object.assign(new Error(`Fichier absent du stockage : ${key}`), { name: 'NoSuchKey' });
      }
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
  }

  async check(): Promise<void> {
    await this.client.send(new this.sdk.HeadBucketCommand({ Bucket: this.settings.bucket }));
  }

  close(): void {
    this.client.destroy();
  }
}

/** The bucket of S3_* settings; the SDK is loaded only when one is configured. */
export async function createS3FileStorage(settings: S3Settings): Promise<S3FileStorage> {
  const sdk = await import('@aws-sdk/client-s3');
  const client = new sdk.S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Only the checksums S3 itself requires: several S3-compatible stores refuse the newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  return new S3FileStorage(sdk, client, settings);
}
