import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseS3 } from '../../src/config';
import { createS3FileStorage, type S3FileStorage } from '../../src/lib/s3-storage';
import { FileTooLargeError } from '../../src/lib/storage';
import { readStoredFile } from '../../src/lib/stored-files';
import { startLocalS3, type LocalS3 } from '../fakes/s3-server';
import { as, loginAs, useTestApp } from '../helpers';
import { insertProject } from '../projects/factories';

/** Files in an S3-compatible bucket (decision 0852), against s3rver started in this process. */
let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.close();
});

const settingsOf = (s: LocalS3, prefix?: string) =>
  parseS3({ S3_BUCKET: s.bucket, S3_ENDPOINT: s.endpoint, S3_ACCESS_KEY_ID: s.accessKeyId, S3_SECRET_ACCESS_KEY: s.secretAccessKey, S3_PREFIX: prefix })!;

describe('S3 settings', () => {
  it('are off without S3_BUCKET, path-style with an endpoint, and refuse half a configuration', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://minio:9000/', S3_PREFIX: 'ouvrage' }).s3).toEqual({
      bucket: 'b',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: true,
      prefix: 'ouvrage/',
    });
    expect(loadConfig({ S3_BUCKET: 'b' }).s3?.forcePathStyle).toBe(false);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_ENDPOINT demande S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_PREFIX: '../x' })).toThrow(/S3_PREFIX/);
  });
});

describe('S3FileStorage', () => {
  let storage: S3FileStorage;
  beforeAll(async () => {
    storage = await createS3FileStorage(settingsOf(s3, 'plateforme'));
  });
  afterAll(() => storage?.close());

  it('saves, reads back and removes bytes and streams under opaque keys', async () => {
    await storage.check();
    const key = await storage.save(Buffer.from('%PDF-1.4 devis'), 'PDF');
    expect(key).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect((await storage.read(key)).toString()).toBe('%PDF-1.4 devis');
    const streamed = await storage.saveStream(Readable.from([Buffer.from('abc'), Buffer.from('def')]), 'png', { maxBytes: 10 });
    expect(streamed.size).toBe(6);
    expect((await storage.read(streamed.key)).toString()).toBe('abcdef');
    await storage.remove(key);
    // A missing file is the French 404 of every file route, as with the local directory.
    await expect(readStoredFile(storage, key)).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('stores nothing for a stream over its limit, and refuses keys it did not make', async () => {
    await expect(storage.saveStream(Readable.from([Buffer.alloc(8), Buffer.alloc(8)]), 'pdf', { maxBytes: 10 })).rejects.toBeInstanceOf(FileTooLargeError);
    await expect(storage.read('../../etc/passwd')).rejects.toThrow(/Clé de fichier invalide/);
  });

  it('fails its check when the bucket does not exist', async () => {
    const missing = await createS3FileStorage({ ...settingsOf(s3), bucket: 'absent' });
    await expect(missing.check()).rejects.toBeDefined();
    missing.close();
  });
});

describe('an app with S3_* settings', () => {
  const ctx = useTestApp({ s3: undefined });

  it('keeps uploaded project files in the bucket, and /api/health reports it', async () => {
    // A second app on the same database but with the bucket: what an instance behind a load balancer is.
    const { buildApp } = await import('../../src/app');
    const app = await buildApp({ config: { ...ctx.app.deps.config, s3: settingsOf(s3, 'app') }, handle: ctx.handle, logger: false });
    try {
      const owner = await loginAs(ctx, { user_type: 'client' });
      const project = await insertProject(ctx.db, owner.id, { state: 'En attente' });
      const boundary = '----ouvrage-s3';
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const upload = await app.inject({
        method: 'POST',
        url: `/api/project/detail-project/upload-file?project_id=${project.id}`,
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(upload.statusCode, upload.body).toBe(201);
      const [file] = upload.json().data;
      const read = await app.inject({ method: 'GET', url: `/api/project/file/${file.id}`, headers: { authorization: `Bearer ${owner.token}` } });
      expect(read.statusCode).toBe(200);
      expect(read.rawPayload.equals(pdf)).toBe(true);
      // The local-directory app on the same database cannot read it: the bytes are in the bucket only.
      expect((await as(ctx, owner, { method: 'GET', url: `/api/project/file/${file.id}` })).statusCode).toBe(404);

      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json().data.checks.storage).toMatchObject({ status: 'ok', kind: 's3' });
    } finally {
      await app.close();
    }
  });
});
