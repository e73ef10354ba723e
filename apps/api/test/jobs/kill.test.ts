import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, type DatabaseHandle } from '@ouvrage/db';
import { createTestDatabase } from '@ouvrage/db/testing';
import { enqueue, JobQueue } from '../../src/modules/jobs';
import * as repo from '../../src/modules/jobs/repository';

/**
 * The kill test (issue 8 §7, « the job queue survives a process killed mid-job »).
 * On PostgreSQL (TEST_DATABASE_URL) a real child process claims the job and is killed with
 * SIGKILL mid-job. PGlite lives inside one process and cannot be opened by a second one, so on
 * PGlite the crash is simulated: a claim is taken and abandoned (no heartbeat, no end), which is
 * what a killed process leaves in the table.
 */
const LEASE_MS = 3_000;
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../../..');

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

/** Start the doomed worker and resolve once it is inside the job's handler. */
async function startDoomedWorker(databaseUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'fixtures/doomed-worker.ts')], {
    cwd: repoRoot,
    env: { ...process.env, JOB_DATABASE_URL: databaseUrl, JOB_LEASE_MS: String(LEASE_MS) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<NodeJS.Signals | null>((resolveExit) => child.on('exit', (_code, signal) => resolveExit(signal)));
  const started = await new Promise<number>((resolveStart, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /started (\d+)/.exec(output);
      if (match) resolveStart(Number(match[1]));
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`le processus fils s’est arrêté (${code}) : ${output}`)));
  });
  return { child, started, exited };
}

async function testDatabaseUrl(): Promise<string> {
  const [{ name }] = await handle.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('a worker dying mid-job', () => {
  it(
    onServer
      ? 'PostgreSQL: a worker process killed with SIGKILL mid-job leaves a claim that expires, and another worker completes the job'
      : 'PGlite (simulated crash): a claim abandoned mid-job expires, and another worker completes the job',
    async () => {
      const { id } = await enqueue(handle.db, { kind: 'test.kill', payload: { devis: 'D-2026-0001' } });

      if (onServer) {
        const { child, started, exited } = await startDoomedWorker(await testDatabaseUrl());
        expect(started).toBe(id);
        child.kill('SIGKILL');
        expect(await exited).toBe('SIGKILL');
      } else {
        const now = new Date();
        await repo.claimJobs(handle.db, { kinds: ['test.kill'], workerId: 'doomed', now, lockedUntil: new Date(now.getTime() + LEASE_MS), limit: 1 });
      }
      const [orphan] = await handle.db.select().from(jobs).where(eq(jobs.id, id));
      expect(orphan).toMatchObject({ status: 'running', lockedBy: 'doomed', attempts: 1 });

      const completed: Array<{ attempt: number; payload: unknown }> = [];
      const rescuer = new JobQueue(handle.db, { workerId: 'rescuer', leaseMs: LEASE_MS });
      rescuer.registerJobHandler('test.kill', async (payload, job) => {
        completed.push({ attempt: job.attempt, payload });
      });
      // Right after the crash the claim still holds: nobody runs the job twice at once.
      await rescuer.kick();
      expect(completed).toEqual([]);

      const deadline = Date.now() + 4 * LEASE_MS;
      while (completed.length === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        await rescuer.kick();
      }
      await rescuer.stop();
      expect(completed).toEqual([{ attempt: 2, payload: { devis: 'D-2026-0001' } }]);
      const [row] = await handle.db.select().from(jobs).where(eq(jobs.id, id));
      expect(row).toMatchObject({ status: 'done', lockedBy: 'rescuer', attempts: 2 });
    },
    60_000,
  );
});
