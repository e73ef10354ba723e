/**
 * Money groundwork (issue 8): how fast the PostgreSQL job queue drains no-op jobs with one and two
 * workers, and how long taking a gapless document number costs inside a transaction, alone and
 * with 20 transactions racing for the same counter. PGlite by default; `DATABASE_URL` for a server.
 *   npm run bench -- jobs
 */
import { performance } from 'node:perf_hooks';
import { createDatabase, migrate } from '@ouvrage/db';
import { createUser } from '@ouvrage/db/testing';
import { enqueue, JobQueue } from '../../apps/api/src/modules/jobs';
import { assignNumber } from '../../apps/api/src/modules/numbering';
import { percentile } from './lib/stats';

async function main() {
  const handle = await createDatabase({ url: process.env.DATABASE_URL });
  await migrate(handle);
  const { db } = handle;

  for (const workers of [1, 2]) {
    const kind = `bench.noop${workers}`;
    const queues = Array.from({ length: workers }, () => new JobQueue(db, { concurrency: 8 }));
    let done = 0;
    for (const q of queues) q.registerJobHandler(kind, async () => void (done += 1));
    const count = 2000;
    await db.transaction(async (tx) => {
      for (let i = 0; i < count; i++) await enqueue(tx, { kind, payload: { i } });
    });
    const start = performance.now();
    while (done < count) await Promise.all(queues.map((q) => q.kick()));
    const ms = performance.now() - start;
    console.log(`job queue, ${workers} worker(s): ${count} jobs in ${ms.toFixed(0)} ms (${((count / ms) * 1000).toFixed(0)} jobs/s)`);
    await Promise.all(queues.map((q) => q.stop()));
  }

  const issuer = await createUser(db, { user_type: 'architecte' });
  const alone: number[] = [];
  for (let i = 0; i < 500; i++) {
    const start = performance.now();
    await db.transaction((tx) => assignNumber(tx, { issuerId: issuer.id, series: 'facture', prefix: 'F', at: new Date() }));
    alone.push(performance.now() - start);
  }
  console.log(`document number, one at a time: median ${percentile(alone, 50).toFixed(2)} ms, p95 ${percentile(alone, 95).toFixed(2)} ms (500 transactions)`);
  const start = performance.now();
  const raced = await Promise.all(
    Array.from({ length: 20 }, () => db.transaction((tx) => assignNumber(tx, { issuerId: issuer.id, series: 'devis', prefix: 'D', at: new Date() }))),
  );
  const sequences = raced.map((r) => r.sequence).sort((a, b) => a - b);
  const gapless = sequences.every((s, i) => s === i + 1);
  console.log(
    `document number, 20 racing transactions: ${(performance.now() - start).toFixed(0)} ms in all, numbers 1..20 ${gapless ? 'without gap or duplicate' : 'WITH A GAP OR DUPLICATE'}`,
  );
  await handle.close();
  if (!gapless) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
