import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { jobs, mails, type DatabaseHandle } from '@ouvrage/db';
import { createTestDatabase } from '@ouvrage/db/testing';
import { FixedClock } from '@ouvrage/domain';
import { enqueue, JobQueue, type JobQueueOptions } from '../../src/modules/jobs';
import * as repo from '../../src/modules/jobs/repository';
import { Mailer } from '../../src/modules/mail/mailer';
import { composeMail } from '../../src/modules/mail/templates';

// One database for the file; each test uses its own job kinds.
let handle: DatabaseHandle;
const queues: JobQueue[] = [];
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  for (const q of queues) await q.stop();
  await handle?.close();
});

function queue(options: JobQueueOptions = {}) {
  const q = new JobQueue(handle.db, options);
  queues.push(q);
  return q;
}

const jobsOf = (kind: string) => handle.db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.id);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('enqueue', () => {
  it('writes in the caller’s transaction: a rolled-back transaction leaves no job', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await enqueue(tx, { kind: 'test.rollback', payload: { n: 1 } });
        throw new Error('la suite de la transaction échoue');
      }),
    ).rejects.toThrow('la suite');
    expect(await jobsOf('test.rollback')).toHaveLength(0);

    await handle.db.transaction(async (tx) => {
      await enqueue(tx, { kind: 'test.rollback', payload: { n: 2 } });
    });
    expect((await jobsOf('test.rollback')).map((j) => j.payload)).toEqual([{ n: 2 }]);
  });

  it('creates one job per idempotency key and kind', async () => {
    const first = await enqueue(handle.db, { kind: 'test.idem', idempotencyKey: 'facture:42' });
    const again = await handle.db.transaction((tx) => enqueue(tx, { kind: 'test.idem', idempotencyKey: 'facture:42', payload: { other: true } }));
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    // Another kind may use the same key; jobs without a key are never deduplicated.
    expect((await enqueue(handle.db, { kind: 'test.idem-other', idempotencyKey: 'facture:42' })).created).toBe(true);
    await enqueue(handle.db, { kind: 'test.idem' });
    await enqueue(handle.db, { kind: 'test.idem' });
    const rows = await jobsOf('test.idem');
    expect(rows).toHaveLength(3);
    expect(rows[0].payload).toEqual({});
  });

  it('refuses a malformed kind', async () => {
    await expect(enqueue(handle.db, { kind: 'Pas Un Type' })).rejects.toThrow('Type de tâche invalide');
  });
});

describe('worker', () => {
  it('runs a job and marks it done', async () => {
    const seen: unknown[] = [];
    const q = queue();
    q.registerJobHandler('test.ok', async (payload, job) => {
      seen.push({ payload, attempt: job.attempt });
    });
    await enqueue(handle.db, { kind: 'test.ok', payload: { devis: 7 } });
    await q.kick();
    expect(seen).toEqual([{ payload: { devis: 7 }, attempt: 1 }]);
    const [row] = await jobsOf('test.ok');
    expect(row).toMatchObject({ status: 'done', attempts: 1, lastError: null, lockedBy: q.workerId });
    expect(row.finishedAt).toBeInstanceOf(Date);
  });

  it('retries with exponential backoff, then dead-letters the job after its last attempt', async () => {
    const clock = new FixedClock('2026-11-23T09:00:00Z');
    const q = queue({ clock, backoffBaseMs: 1_000 });
    let calls = 0;
    q.registerJobHandler('test.flaky', async () => {
      calls += 1;
      throw new Error(`SMTP indisponible (${calls})`);
    });
    await enqueue(handle.db, { kind: 'test.flaky', maxAttempts: 3 });

    await q.kick();
    let [row] = await jobsOf('test.flaky');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP indisponible (1)' });
    expect(row.runAt?.toISOString()).toBe('2026-11-23T09:00:01.000Z'); // 1 s after the first failure

    // Not due yet: nothing runs until the clock reaches run_at.
    clock.advance(999);
    await q.kick();
    expect(calls).toBe(1);
    clock.advance(1);
    await q.kick();
    [row] = await jobsOf('test.flaky');
    expect(row).toMatchObject({ status: 'pending', attempts: 2, lastError: 'SMTP indisponible (2)' });
    expect(row.runAt?.toISOString()).toBe('2026-11-23T09:00:03.000Z'); // then 2 s

    clock.advance(2_000);
    await q.kick();
    [row] = await jobsOf('test.flaky');
    expect(row).toMatchObject({ status: 'dead', attempts: 3, lastError: 'SMTP indisponible (3)' });
    expect(row.finishedAt?.toISOString()).toBe('2026-11-23T09:00:03.000Z');

    clock.advance(3_600_000);
    await q.kick();
    expect(calls).toBe(3); // a dead job never runs again by itself
  });

  it('backs off exponentially up to the maximum', () => {
    const q = queue({ backoffBaseMs: 10_000, backoffMaxMs: 60_000 });
    expect([1, 2, 3, 4, 5].map((n) => q.backoffMs(n))).toEqual([10_000, 20_000, 40_000, 60_000, 60_000]);
  });

  it('two claims at once take at most their limit each, and never the same row', async () => {
    for (let i = 0; i < 10; i++) await enqueue(handle.db, { kind: 'test.claim' });
    const now = new Date();
    const claim = (workerId: string) =>
      repo.claimJobs(handle.db, { kinds: ['test.claim'], workerId, now, lockedUntil: new Date(now.getTime() + 60_000), limit: 3 });
    const [a, b] = await Promise.all([claim('a'), claim('b')]);
    expect(a).toHaveLength(3);
    expect(b).toHaveLength(3);
    expect(new Set([...a, ...b].map((r) => r.id)).size).toBe(6);
    expect(await claim('c')).toHaveLength(3);
    expect(await claim('d')).toHaveLength(1);
  });

  it('two workers racing on the same table run each job exactly once', async () => {
    const runs: Array<{ worker: string; id: number }> = [];
    const workers = ['a', 'b'].map((name) => {
      const q = queue({ workerId: `worker-${name}`, concurrency: 3 });
      q.registerJobHandler('test.race', async (_payload, job) => {
        runs.push({ worker: name, id: job.id });
        await sleep(5);
      });
      return q;
    });
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push((await enqueue(handle.db, { kind: 'test.race', payload: { i } })).id);
    await Promise.all([workers[0].kick(), workers[1].kick(), workers[0].kick(), workers[1].kick()]);

    expect(runs.map((r) => r.id).sort((x, y) => x - y)).toEqual(ids);
    const rows = await jobsOf('test.race');
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
    if (handle.kind === 'postgres') {
      // Two connections at once: both workers took a share.
      expect(new Set(runs.map((r) => r.worker)).size).toBe(2);
    }
  });

  it('takes over a claim that expired (its worker died), and fences the late worker out', async () => {
    const clock = new FixedClock('2026-11-23T10:00:00Z');
    const { id } = await enqueue(handle.db, { kind: 'test.takeover', payload: { pdf: 'devis-12' } });
    // A worker claims the job and is never heard from again (no heartbeat, no end).
    const [ghost] = await repo.claimJobs(handle.db, {
      kinds: ['test.takeover'],
      workerId: 'ghost',
      now: clock.now(),
      lockedUntil: new Date(clock.now().getTime() + 60_000),
      limit: 1,
    });
    expect(ghost).toMatchObject({ id, status: 'running', attempts: 1, lockedBy: 'ghost' });

    const ran: number[] = [];
    const q = queue({ clock, workerId: 'rescuer' });
    q.registerJobHandler('test.takeover', async (_payload, job) => {
      ran.push(job.attempt);
    });
    clock.advance(59_999);
    await q.kick();
    expect(ran).toEqual([]); // the claim still holds
    clock.advance(1);
    await q.kick();
    expect(ran).toEqual([2]);
    const [row] = await jobsOf('test.takeover');
    expect(row).toMatchObject({ status: 'done', attempts: 2, lockedBy: 'rescuer' });

    // The ghost coming back cannot overwrite the outcome: its claim (attempt 1) is gone.
    expect(await repo.markFailed(handle.db, { id, workerId: 'ghost', attempt: 1 }, { error: 'trop tard', now: clock.now(), retryAt: clock.now() })).toBe(false);
    expect((await jobsOf('test.takeover'))[0].status).toBe('done');
  });

  it('dead-letters a job whose claim expired on its last attempt instead of running it again', async () => {
    const clock = new FixedClock('2026-11-23T11:00:00Z');
    await enqueue(handle.db, { kind: 'test.poison', maxAttempts: 1 });
    await repo.claimJobs(handle.db, {
      kinds: ['test.poison'],
      workerId: 'crashed',
      now: clock.now(),
      lockedUntil: new Date(clock.now().getTime() + 1_000),
      limit: 1,
    });
    const q = queue({ clock });
    let calls = 0;
    q.registerJobHandler('test.poison', async () => {
      calls += 1;
    });
    clock.advance(1_000);
    await q.kick();
    expect(calls).toBe(0);
    const [row] = await jobsOf('test.poison');
    expect(row.status).toBe('dead');
    expect(row.lastError).toContain('réservation expirée');
  });

  it('renews the lease of a long job, so no other worker takes it while it runs', async () => {
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      const first = queue({ workerId: 'long', leaseMs: 300 });
      first.registerJobHandler('test.long', () => {
        resolve();
        return new Promise<void>((done) => (release = done));
      });
      void enqueue(handle.db, { kind: 'test.long' }).then(() => first.kick());
    });
    await started;
    const second = queue({ workerId: 'other', leaseMs: 300 });
    let stolen = 0;
    second.registerJobHandler('test.long', async () => {
      stolen += 1;
    });
    for (let i = 0; i < 4; i++) {
      await sleep(250);
      await second.kick();
    }
    expect(stolen).toBe(0);
    release();
    await expect.poll(async () => (await jobsOf('test.long'))[0].status).toBe('done');
    expect((await jobsOf('test.long'))[0]).toMatchObject({ attempts: 1, lockedBy: 'long' });
  });

  it('on stop, waits for running handlers and claims nothing more', async () => {
    const q = queue();
    let finished = false;
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      q.registerJobHandler('test.stop', async () => {
        resolve();
        await new Promise<void>((done) => (release = done));
        finished = true;
      });
    });
    await enqueue(handle.db, { kind: 'test.stop' });
    void q.kick();
    await started;
    const stopping = q.stop();
    setTimeout(() => release(), 50);
    await stopping;
    expect(finished).toBe(true);
    expect((await jobsOf('test.stop'))[0].status).toBe('done');

    await enqueue(handle.db, { kind: 'test.stop' });
    await q.kick();
    expect((await jobsOf('test.stop'))[1].status).toBe('pending');
  });
});

describe('recurring jobs', () => {
  it('have one row per period however many instances schedule them, and run once per period', async () => {
    const clock = new FixedClock('2026-11-23T12:00:07Z');
    const runs: string[] = [];
    const instances = ['a', 'b', 'c'].map((name) => {
      const q = queue({ clock, workerId: `instance-${name}` });
      q.registerRecurringJob('test.sweep', 15_000, async () => {
        runs.push(name);
      });
      return q;
    });
    await Promise.all(instances.map((q) => q.scheduleRecurring()));
    let rows = await jobsOf('test.sweep');
    expect(rows).toHaveLength(1);
    expect(rows[0].runAt?.toISOString()).toBe('2026-11-23T12:00:15.000Z');

    clock.set('2026-11-23T12:00:15Z');
    await Promise.all(instances.map((q) => q.kick()));
    expect(runs).toHaveLength(1);
    await Promise.all(instances.map((q) => q.scheduleRecurring()));
    await Promise.all(instances.map((q) => q.scheduleRecurring()));
    rows = await jobsOf('test.sweep');
    expect(rows.map((r) => [r.status, r.runAt?.toISOString()])).toEqual([
      ['done', '2026-11-23T12:00:15.000Z'],
      ['pending', '2026-11-23T12:00:30.000Z'],
    ]);
  });

  it('purges finished jobs past the retention, and keeps dead ones', async () => {
    const clock = new FixedClock('2026-12-20T00:00:00Z');
    const q = queue({ clock, retentionDays: 7 });
    await enqueue(handle.db, { kind: 'test.old' });
    await handle.db
      .update(jobs)
      .set({ status: 'done', finishedAt: new Date('2026-12-01T00:00:00Z') })
      .where(eq(jobs.kind, 'test.old'));
    await enqueue(handle.db, { kind: 'test.old-dead' });
    await handle.db
      .update(jobs)
      .set({ status: 'dead', finishedAt: new Date('2026-12-01T00:00:00Z') })
      .where(eq(jobs.kind, 'test.old-dead'));
    await q.scheduleRecurring();
    clock.advance(3_600_000);
    await q.kick();
    expect(await jobsOf('test.old')).toHaveLength(0);
    expect(await jobsOf('test.old-dead')).toHaveLength(1);
    expect((await jobsOf('jobs.purge')).some((r) => r.status === 'done')).toBe(true);
  });
});

/** A real SMTP server that refuses its first `failures` mails, then accepts. */
async function startSmtp(failures: number) {
  const received: string[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        if (refused < failures) {
          refused += 1;
          callback(Object.assign(new Error('Boîte temporairement indisponible'), { responseCode: 451 }));
        } else {
          received.push('ok');
          callback();
        }
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('mails on the queue', () => {
  it('a mail whose send failed is retried and ends sent', async () => {
    const smtp = await startSmtp(2);
    const clock = new FixedClock('2026-11-23T13:00:00Z');
    const q = queue({ clock, backoffBaseMs: 10_000 });
    const mailer = new Mailer(handle.db, q, { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'x@ouvrage.test', clock });
    await handle.db.transaction((tx) => mailer.queue(tx, { to: 'retry-sent@exemple.fr', ...composeMail('Relance', ['Texte']) }));
    const mail = async () => (await handle.db.select().from(mails).where(eq(mails.toAddress, 'retry-sent@exemple.fr')))[0];

    await mailer.dispatch();
    expect(await mail()).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await mail()).lastError).toContain('Boîte temporairement indisponible');
    clock.advance(10_000);
    await mailer.dispatch();
    expect(await mail()).toMatchObject({ status: 'failed', attempts: 2 });
    clock.advance(20_000);
    await mailer.dispatch();
    expect(await mail()).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    const [job] = await handle.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'mail.send'), eq(jobs.idempotencyKey, `mail:${(await mail()).id}`)));
    expect(job).toMatchObject({ status: 'done', attempts: 3 });
    expect(smtp.received).toHaveLength(1);
    await q.stop();
    await mailer.stop();
    await smtp.close();
  });

  it('a mail that keeps failing ends with a dead job, visible with its error', async () => {
    const clock = new FixedClock('2026-11-23T14:00:00Z');
    const q = queue({ clock, backoffBaseMs: 1_000 });
    const mailer = new Mailer(handle.db, q, { smtpUrl: 'smtp://127.0.0.1:1', from: 'x@ouvrage.test', clock });
    await mailer.queue(handle.db, { to: 'retry-dead@exemple.fr', ...composeMail('Relance', ['Texte']) });
    for (let i = 0; i < 5; i++) {
      await mailer.dispatch();
      clock.advance(3_600_000);
    }
    const [mail] = await handle.db.select().from(mails).where(eq(mails.toAddress, 'retry-dead@exemple.fr'));
    expect(mail).toMatchObject({ status: 'failed', attempts: 5 });
    const [job] = await handle.db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `mail:${mail.id}`));
    expect(job).toMatchObject({ kind: 'mail.send', status: 'dead', attempts: 5, maxAttempts: 5 });
    expect(job.lastError).toMatch(/ECONNREFUSED|connect/i);
    await q.stop();
    await mailer.stop();
  });

  it('sends a mail claimed as « sending » by a process that died', async () => {
    const clock = new FixedClock('2026-11-23T15:00:00Z');
    const q = queue({ clock, leaseMs: 60_000 });
    const mailer = new Mailer(handle.db, q, { from: 'x@ouvrage.test', clock });
    await mailer.queue(handle.db, { to: 'orphan@exemple.fr', ...composeMail('Orpheline', ['Texte']) });
    const [mail] = await handle.db.select().from(mails).where(eq(mails.toAddress, 'orphan@exemple.fr'));
    // The old defect: claimed, marked « sending », then the process died.
    await repo.claimJobs(handle.db, {
      kinds: ['mail.send'],
      workerId: 'died',
      now: clock.now(),
      lockedUntil: new Date(clock.now().getTime() + 60_000),
      limit: 10,
    });
    await handle.db.update(mails).set({ status: 'sending' }).where(eq(mails.id, mail.id));
    clock.advance(60_000);
    await mailer.dispatch();
    const [after] = await handle.db.select().from(mails).where(eq(mails.id, mail.id));
    expect(after.status).toBe('kept');
    await q.stop();
  });
});
