import type { AdminJob, AdminJobsQuery } from '@ouvrage/contracts';
import type { JobRow } from '@ouvrage/db';
import { checkJobRetry } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notFound, refused } from '../../lib/errors';
import * as repo from './repository';

function toDto(row: JobRow): AdminJob {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    payload: row.payload,
    attempts: row.attempts,
    max_attempts: row.maxAttempts,
    run_at: row.runAt?.toISOString() ?? null,
    last_error: row.lastError,
    locked_by: row.lockedBy,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export async function listJobs(deps: AppDeps, query: AdminJobsQuery) {
  const { rows, total, total_capped } = await repo.listJobs(deps.db, {
    status: query.status,
    kind: query.kind || undefined,
    failedOnly: query.failed === 'true',
    page: query.page,
    perPage: query.per_page,
  });
  return { items: rows.map(toDto), total, total_capped, page: query.page, per_page: query.per_page };
}

/** Relaunch a dead job with a fresh set of attempts, and run it now. */
export async function retryJob(deps: AppDeps, id: number): Promise<AdminJob> {
  const revived = await deps.db.transaction(async (tx) => {
    const job = await repo.findJob(tx, id, { lock: true });
    if (!job) throw notFound('Tâche introuvable.');
    const refusal = checkJobRetry(job);
    if (refusal) throw refused(refusal);
    // The row is locked since the read: it is still dead here.
    return repo.reviveDead(tx, id);
  });
  void deps.jobs.kick();
  return toDto(revived);
}
