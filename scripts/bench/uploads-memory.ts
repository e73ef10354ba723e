/**
 * Upload memory (issue 8 §10): process memory (RSS) around three multipart requests of
 * 3 × 20 MB PDFs to `api/project/detail-project/upload-file`, sent over real HTTP (a file
 * stream, not an in-memory payload), first by a client who does not own the project, then by
 * its owner.
 *   npm run bench -- uploads-memory
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createDatabase, migrate, seedReference } from '@ouvrage/db';
import { createUser, TEST_PASSWORD } from '@ouvrage/db/testing';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { insertProject } from '../../apps/api/test/projects/factories';

const MB = 1024 * 1024;
const FILE_BYTES = 20 * MB - 1024;
const BOUNDARY = '----ouvrage-bench-boundary';

/** A multipart body produced chunk by chunk: the client never holds 60 MB either. */
async function* multipartBody(projectId: number): AsyncGenerator<Buffer> {
  yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="project_id"\r\n\r\n${projectId}\r\n`);
  const chunk = Buffer.alloc(MB, 0x20);
  for (let f = 0; f < 3; f += 1) {
    yield Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="plan-${f}.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    );
    let left = FILE_BYTES - 9;
    while (left > 0) {
      const n = Math.min(left, chunk.length);
      yield chunk.subarray(0, n);
      left -= n;
    }
    yield Buffer.from('\r\n');
  }
  yield Buffer.from(`--${BOUNDARY}--\r\n`);
}

const rssMb = () => Math.round(process.memoryUsage().rss / MB);

async function main() {
  const handle = await createDatabase({});
  await migrate(handle);
  await seedReference(handle);
  const dataDir = mkdtempSync(join(tmpdir(), 'ouvrage-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { loginRateLimit: 1_000_000, webDist: undefined, dataDir });
  const app = await buildApp({ config, handle, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const owner = await createUser(handle.db, { user_type: 'client' });
  const stranger = await createUser(handle.db, { user_type: 'client' });
  const project = await insertProject(handle.db, owner.id);

  const token = async (email: string) => {
    const res = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    return ((await res.json()) as { data: { token: { token: string } } }).data.token.token;
  };

  const send = async (bearer: string) => {
    const res = await fetch(`${base}/api/project/detail-project/upload-file?project_id=${project.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: Readable.toWeb(Readable.from(multipartBody(project.id))) as never,
      duplex: 'half',
    } as RequestInit);
    await res.arrayBuffer();
    return res.status;
  };

  const measure = async (label: string, bearer: string) => {
    global.gc?.();
    const before = rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push(await send(bearer));
    clearInterval(sampler);
    global.gc?.();
    console.log(`${label.padEnd(12)} statuts ${statuses.join(', ')} — RSS avant ${before} Mo, pic ${peak} Mo, après ${rssMb()} Mo`);
  };

  await measure('non-owner', await token(stranger.email));
  await measure('owner', await token(owner.email));

  await app.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
