import { and, count, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { jobs, type Database, type Executor, type JobRow } from '@ouvrage/db';
import type { JobStatus } from '@ouvrage/domain';
import { cappedCount } from '../../lib/capped-count';

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  runAt?: Date;
  idempotencyKey?: string;
  maxAttempts?: number;
}

/**
 * Insert a job; with an idempotency key already used for that kind, keep the existing job.
 * Returns the job's id and whether this call created it.
 */
export async function insertJob(executor: Executor, job: NewJob): Promise<{ id: number; created: boolean }> {
  const [row] = await executor
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      idempotencyKey: job.idempotencyKey ?? null,
      maxAttempts: job.maxAttempts,
      runAt: job.runAt ?? null,
    })
    .onConflictDoNothing({ target: [jobs.kind, jobs.idempotencyKey] })
    .returning({ id: jobs.id });
  if (row) return { id: row.id, created: true };
  const [existing] = await executor
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, job.kind), eq(jobs.idempotencyKey, job.idempotencyKey ?? '')));
  return { id: existing.id, created: false };
}

/** Running jobs whose lease expired after their last allowed attempt: dead, not run again. */
export async function buryExpired(executor: Executor, kinds: string[], now: Date, message: string): Promise<number> {
  if (kinds.length === 0) return 0;
  const rows = await executor
    .update(jobs)
    .set({ status: 'dead', lastError: message, finishedAt: now, lockedUntil: null })
    .where(and(inArray(jobs.kind, kinds), eq(jobs.status, 'running'), lte(jobs.lockedUntil, now), sql`${jobs.attempts} >= ${jobs.maxAttempts}`))
    .returning({ id: jobs.id });
  return rows.length;
}

/**
 * Claim up to `limit` jobs of the given kinds: due pending ones, and running ones whose lease
 * expired (their worker died). The SELECT … FOR UPDATE SKIP LOCKED locks exactly the rows it
 * returns, so concurrent workers take different rows; they are updated in the same transaction.
 * (An `UPDATE … WHERE id IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)` may run its subquery more
 * than once and claim more than n rows: seen on PostgreSQL 15.) Each claim counts as an
 * attempt, which also fences a late worker out.
 */
export async function claimJobs(db: Database, options: { kinds: string[]; workerId: string; now: Date; lockedUntil: Date; limit: number }): Promise<JobRow[]> {
  const { kinds, workerId, now, lockedUntil, limit } = options;
  if (kinds.length === 0) return [];
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, kinds),
          or(
            and(eq(jobs.status, 'pending'), or(isNull(jobs.runAt), lte(jobs.runAt, now))),
            and(eq(jobs.status, 'running'), lte(jobs.lockedUntil, now), lt(jobs.attempts, jobs.maxAttempts)),
          ),
        ),
      )
      .orderBy(sql`${jobs.runAt} NULLS FIRST`, jobs.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(jobs)
      .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedBy: workerId, lockedUntil, startedAt: now })
      .where(
        inArray(
          jobs.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** This worker's claim on a job: its row, still running, at the attempt it claimed. */
function heldBy(claim: { id: number; workerId: string; attempt: number }) {
  return and(eq(jobs.id, claim.id), eq(jobs.status, 'running'), eq(jobs.lockedBy, claim.workerId), eq(jobs.attempts, claim.attempt));
}

/** Extend a claim's lease; false when the claim was lost (expired and taken over). */
export async function extendLease(executor: Executor, claim: { id: number; workerId: string; attempt: number }, lockedUntil: Date): Promise<boolean> {
  const rows = await executor.update(jobs).set({ lockedUntil }).where(heldBy(claim)).returning({ id: jobs.id });
  return rows.length > 0;
}

export async function markDone(executor: Executor, claim: { id: number; workerId: string; attempt: number }, now: Date): Promise<boolean> {
  const rows = await executor.update(jobs).set({ status: 'done', finishedAt: now, lockedUntil: null }).where(heldBy(claim)).returning({ id: jobs.id });
  return rows.length > 0;
}

/** A failed attempt: back to pending at `retryAt`, or dead when `retryAt` is null. */
export async function markFailed(
  executor: Executor,
  claim: { id: number; workerId: string; attempt: number },
  failure: { error: string; now: Date; retryAt: Date | null },
): Promise<boolean> {
  const rows = await executor
    .update(jobs)
    .set(
      failure.retryAt
        ? { status: 'pending', runAt: failure.retryAt, lastError: failure.error, lockedUntil: null }
        : { status: 'dead', lastError: failure.error, finishedAt: failure.now, lockedUntil: null },
    )
    .where(heldBy(claim))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** A dead job back to pending with a fresh set of attempts (the admin's « Relancer »); the caller locked and checked it. */
export async function reviveDead(executor: Executor, id: number): Promise<JobRow> {
  const [row] = await executor
    .update(jobs)
    .set({ status: 'pending', runAt: null, attempts: 0, lockedBy: null, lockedUntil: null, finishedAt: null })
    .where(eq(jobs.id, id))
    .returning();
  return row;
}

export async function findJob(executor: Executor, id: number, options: { lock?: boolean } = {}): Promise<JobRow | undefined> {
  const query = executor.select().from(jobs).where(eq(jobs.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export interface JobFilters {
  status?: JobStatus;
  kind?: string;
  /** Only jobs whose last attempt failed (dead, or pending a retry). */
  failedOnly?: boolean;
  page: number;
  perPage: number;
}

export async function listJobs(executor: Executor, filters: JobFilters): Promise<{ rows: JobRow[]; total: number; total_capped: boolean }> {
  const where = and(
    filters.status ? eq(jobs.status, filters.status) : undefined,
    filters.kind ? eq(jobs.kind, filters.kind) : undefined,
    filters.failedOnly ? and(isNotNull(jobs.lastError), inArray(jobs.status, ['pending', 'dead'])) : undefined,
  );
  const [rows, total] = await Promise.all([
    executor
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.id))
      .limit(filters.perPage)
      .offset((filters.page - 1) * filters.perPage),
    cappedCount(
      executor,
      executor
        .select({ one: sql`1` })
        .from(jobs)
        .where(where),
    ),
  ]);
  return { rows, ...total };
}

/** Delete finished jobs older than the cutoff (dead ones stay for the admin). */
export async function purgeDone(executor: Executor, before: Date): Promise<number> {
  const rows = await executor
    .delete(jobs)
    .where(and(eq(jobs.status, 'done'), lt(jobs.finishedAt, before)))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Jobs waiting, running and dead, per kind (the queue depth of GET /api/metrics); done ones are not counted. */
export async function countOpenJobs(executor: Executor, now: Date): Promise<Array<{ kind: string; status: string; due: boolean; total: number }>> {
  const due = sql<boolean>`(${jobs.runAt} IS NULL OR ${jobs.runAt} <= ${now})`;
  return (
    executor
      .select({ kind: jobs.kind, status: jobs.status, due, total: count() })
      .from(jobs)
      .where(inArray(jobs.status, ['pending', 'running', 'dead']))
      // By position: the `due` expression carries a parameter, so it cannot be repeated verbatim.
      .groupBy(sql`1, 2, 3`)
  );
}
