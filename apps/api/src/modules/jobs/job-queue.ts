import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database, Executor, JobRow } from '@ouvrage/db';
import { systemClock, type Clock } from '@ouvrage/domain';
import { isConnectionLoss } from '../../plugins/error-handler';
import type { JobContext, JobHandler, JobQueuePort } from '../../lib/ports';
import * as repo from './repository';

export interface EnqueueOptions {
  kind: string;
  payload?: Record<string, unknown>;
  /** Not before this time (default: as soon as possible, whatever the worker's clock). */
  runAt?: Date;
  /** A second enqueue with the same key for the same kind creates no job. */
  idempotencyKey?: string;
  /** Attempts before the job is dead (default 5). */
  maxAttempts?: number;
}

const KIND = /^[a-z][a-z0-9_.-]{0,99}$/;

/** Add a job in the caller's transaction: it exists exactly when the caller's change commits. */
export async function enqueue(executor: Executor, job: EnqueueOptions): Promise<{ id: number; created: boolean }> {
  if (!KIND.test(job.kind)) throw new Error(`Type de tâche invalide : ${job.kind}`);
  return repo.insertJob(executor, {
    kind: job.kind,
    payload: job.payload ?? {},
    runAt: job.runAt,
    idempotencyKey: job.idempotencyKey,
    maxAttempts: job.maxAttempts,
  });
}

export type { JobContext, JobHandler };

/** The part of a pino logger the queue uses. */
export interface JobLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface JobQueueOptions {
  clock?: Clock;
  log?: JobLog;
  /** Names this process in `locked_by` (default: host, pid and a random suffix). */
  workerId?: string;
  /** How long a claim holds before another worker may take the job over (default 60 s). */
  leaseMs?: number;
  /** How often a started queue looks for due jobs and schedules recurring ones (default 2 s). */
  pollMs?: number;
  /** Jobs run at the same time by this process (default 4). */
  concurrency?: number;
  /** Retry delay after attempt n: base × 2^(n−1), at most max (defaults 10 s and 1 h). */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Finished jobs are deleted after this many days (dead ones stay; default 7). */
  retentionDays?: number;
  /** How long `stop()` waits for running handlers (default 30 s); their leases cover the rest. */
  stopTimeoutMs?: number;
}

interface Recurring {
  kind: string;
  everyMs: number;
}

const silent: JobLog = { warn: () => undefined, error: () => undefined };
const EXPIRED_MESSAGE = 'Traitement interrompu : le processus qui l’exécutait ne répond plus (réservation expirée).';

/**
 * The job worker of one API instance. Handlers are registered per kind; `kick()` runs a pass
 * (claim due jobs, run them, until none is due); `start()` also polls and schedules recurring
 * jobs. Several instances share the table safely: a job is held by one claim at a time, and a
 * claim whose lease expired (its process died) is taken over by another worker.
 */
export class JobQueue implements JobQueuePort {
  readonly workerId: string;
  private readonly clock: Clock;
  private readonly log: JobLog;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;
  private readonly stopTimeoutMs: number;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly recurring: Recurring[] = [];
  /** The period each recurring kind was last scheduled for by this process (saves an insert per poll). */
  private readonly scheduled = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  private stopped = false;
  private active = 0;

  constructor(
    private readonly db: Database,
    options: JobQueueOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.log = options.log ?? silent;
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 2_000;
    this.concurrency = options.concurrency ?? 4;
    this.backoffBaseMs = options.backoffBaseMs ?? 10_000;
    this.backoffMaxMs = options.backoffMaxMs ?? 3_600_000;
    this.stopTimeoutMs = options.stopTimeoutMs ?? 30_000;
    const retentionMs = (options.retentionDays ?? 7) * 86_400_000;
    this.registerRecurringJob('jobs.purge', 3_600_000, async () => {
      await repo.purgeDone(this.db, new Date(this.clock.now().getTime() - retentionMs));
    });
  }

  /** Run `handler` for every job of this kind (one handler per kind and process). */
  registerJobHandler(kind: string, handler: JobHandler): void {
    if (!KIND.test(kind)) throw new Error(`Type de tâche invalide : ${kind}`);
    if (this.handlers.has(kind)) throw new Error(`La tâche ${kind} a déjà un gestionnaire.`);
    this.handlers.set(kind, handler);
  }

  /**
   * A job run once per period of `everyMs`, whatever the number of instances: each period has
   * one row, keyed by the period's start, so instances scheduling it at once create one job.
   */
  registerRecurringJob(kind: string, everyMs: number, handler: JobHandler): void {
    if (!Number.isInteger(everyMs) || everyMs < 1000) throw new Error(`Période invalide pour ${kind} : ${everyMs} ms`);
    this.registerJobHandler(kind, handler);
    this.recurring.push({ kind, everyMs });
  }

  /** Open jobs per kind and status, shared by every instance (the table); `due` pending ones wait for a worker. */
  async depth(): Promise<Array<{ kind: string; status: string; due: boolean; total: number }>> {
    return repo.countOpenJobs(this.db, this.clock.now());
  }

  /** Handlers running in this process right now (a stopping instance waits for them). */
  get running(): number {
    return this.active;
  }

  /** The delay before attempt `attempt + 1` after attempt `attempt` failed. */
  backoffMs(attempt: number): number {
    return Math.min(this.backoffBaseMs * 2 ** (attempt - 1), this.backoffMaxMs);
  }

  /** Enqueue the next period's row of every recurring job (idempotent across instances). */
  async scheduleRecurring(): Promise<void> {
    const now = this.clock.now().getTime();
    for (const { kind, everyMs } of this.recurring) {
      const runAt = new Date((Math.floor(now / everyMs) + 1) * everyMs);
      if (this.scheduled.get(kind) === runAt.getTime()) continue;
      // One attempt: a failed period is dead-lettered and the next period runs anyway.
      await enqueue(this.db, { kind, runAt, idempotencyKey: `period:${everyMs}:${runAt.toISOString()}`, maxAttempts: 1 });
      this.scheduled.set(kind, runAt.getTime());
    }
  }

  /** Poll for due jobs and keep recurring jobs scheduled, until `stop()`. */
  start(): void {
    if (this.stopped || this.timer) return;
    const tick = () => {
      void this.scheduleRecurring()
        .catch((error: unknown) => this.log.warn({ err: error }, 'recurring jobs not scheduled'))
        .then(() => this.kick());
    };
    this.timer = setInterval(tick, this.pollMs);
    this.timer.unref();
    tick();
  }

  /**
   * Run due jobs soon (after a commit that enqueued some). The promise settles when a pass
   * that started after this call has run every job due; it never rejects.
   */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (!this.current) {
      const pass = this.runPass().finally(() => {
        if (this.current === pass) this.current = null;
      });
      this.current = pass;
      return pass;
    }
    this.next ??= this.current.then(() => {
      this.next = null;
      return this.kick();
    });
    return this.next;
  }

  /** Stop polling and claiming; wait for running handlers (up to the stop timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const passes = Promise.all([this.current, this.next]);
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([passes, new Promise<void>((resolve) => (timeout = setTimeout(resolve, this.stopTimeoutMs)))]);
    clearTimeout(timeout);
  }

  private async runPass(): Promise<void> {
    const running = new Set<Promise<void>>();
    try {
      const kinds = [...this.handlers.keys()];
      await repo.buryExpired(this.db, kinds, this.clock.now(), EXPIRED_MESSAGE);
      while (!this.stopped) {
        const free = this.concurrency - running.size;
        if (free > 0) {
          const now = this.clock.now();
          const claimed = await repo.claimJobs(this.db, {
            kinds,
            workerId: this.workerId,
            now,
            lockedUntil: new Date(now.getTime() + this.leaseMs),
            limit: free,
          });
          for (const job of claimed) {
            const run: Promise<void> = this.execute(job).finally(() => running.delete(run));
            running.add(run);
          }
          if (claimed.length > 0) continue;
        }
        if (running.size === 0) break;
        await Promise.race(running);
      }
    } catch (error) {
      // The database gone (restart, failover) is an outage the pool recovers from, not a bug: one
      // warning per pass instead of an error every poll (decision 0970).
      if (isConnectionLoss(error)) this.log.warn({ err: error }, 'job pass skipped: database unreachable');
      else this.log.error({ err: error }, 'job pass failed');
    } finally {
      await Promise.all(running);
    }
  }

  /** Run one claimed job; never throws (a failure is recorded on the row). */
  private async execute(job: JobRow): Promise<void> {
    const claim = { id: job.id, workerId: this.workerId, attempt: job.attempts };
    const lost = new AbortController();
    // Renew the lease while the handler runs, so only a dead process lets it expire.
    this.active += 1;
    const heartbeat = setInterval(
      () => {
        repo
          .extendLease(this.db, claim, new Date(this.clock.now().getTime() + this.leaseMs))
          .then((held) => {
            if (!held) lost.abort();
          })
          .catch((error: unknown) => this.log.warn({ err: error, job: job.id }, 'job lease not renewed'));
      },
      Math.max(100, Math.floor(this.leaseMs / 3)),
    );
    heartbeat.unref();
    try {
      const handler = this.handlers.get(job.kind);
      if (!handler) throw new Error(`Aucun gestionnaire pour la tâche ${job.kind}.`);
      await handler(job.payload, { id: job.id, kind: job.kind, attempt: job.attempts, maxAttempts: job.maxAttempts, signal: lost.signal });
      if (!(await repo.markDone(this.db, claim, this.clock.now()))) this.log.warn({ job: job.id }, 'job finished after its claim was lost');
    } catch (error) {
      const now = this.clock.now();
      const retryAt = job.attempts < job.maxAttempts ? new Date(now.getTime() + this.backoffMs(job.attempts)) : null;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000) || 'Erreur sans message.';
      try {
        await repo.markFailed(this.db, claim, { error: message, now, retryAt });
      } catch (markError) {
        this.log.error({ err: markError, job: job.id }, 'job failure not recorded');
      }
      this.log.warn({ err: error, job: job.id, kind: job.kind, attempt: job.attempts, dead: retryAt === null }, 'job failed');
    } finally {
      clearInterval(heartbeat);
      this.active -= 1;
    }
  }
}
