import { refusal, type Refusal } from './refusal';

/** A background job's life: pending → running → done, or back to pending to retry, or dead. */
export const JOB_STATUSES = ['pending', 'running', 'done', 'dead'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Only a dead job (attempts exhausted) can be relaunched by hand; the others run on their own. */
export function checkJobRetry(job: { status: JobStatus }): Refusal | null {
  if (job.status === 'dead') return null;
  return refusal('JOB_NOT_DEAD', `Seule une tâche en échec définitif peut être relancée ; celle-ci est « ${job.status} ».`, { status: job.status });
}
