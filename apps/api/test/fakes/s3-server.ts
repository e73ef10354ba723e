import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// s3rver ships no types: the part used here is declared in s3rver.d.ts.
import S3rver from 's3rver';

export interface LocalS3 {
  /** http://127.0.0.1:port — S3_ENDPOINT. */
  endpoint: string;
  bucket: string;
  /** s3rver's fixed credentials. */
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

/** A local S3-compatible server (s3rver) on a free port, with one bucket, its data in a temporary directory. */
export async function startLocalS3(bucket = 'ouvrage-test'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'ouvrage-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
