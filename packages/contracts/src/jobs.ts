import { z } from 'zod';
import { JOB_STATUSES } from '@ouvrage/domain';
import { idParam, paginated, paginationQuery } from './common';
import { defineEndpoint } from './endpoint';
import { jobLines as lines } from './routes/jobs';

export const jobStatus = z.enum(JOB_STATUSES, { error: 'L’état doit être pending, running, done ou dead.' });

/** `GET api/admin/jobs`: background jobs, newest first. */
export const adminJobsQuery = paginationQuery.extend({
  status: jobStatus.optional(),
  kind: z
    .string()
    .trim()
    .max(100, 'Le type de tâche fait au plus 100 caractères.')
    .regex(/^[a-z0-9_.-]*$/, 'Le type de tâche ne contient que des minuscules, chiffres, points, tirets et soulignés.')
    .optional(),
  /** `true`: only jobs whose last attempt failed (dead, or waiting for a retry). */
  failed: z.enum(['true', 'false'], { error: 'Le filtre « failed » vaut true ou false.' }).optional(),
});
export type AdminJobsQuery = z.infer<typeof adminJobsQuery>;

export const adminJob = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: jobStatus,
  payload: z.record(z.string(), z.unknown()),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  /** Null: as soon as possible. */
  run_at: z.string().nullable(),
  last_error: z.string().nullable(),
  locked_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type AdminJob = z.infer<typeof adminJob>;

/** Background jobs: the admin's list (newest first) and the relaunch of a dead one. */
export const jobEndpoints = {
  listJobs: defineEndpoint({ ...lines.listJobs, query: adminJobsQuery, response: paginated(adminJob), errors: [400, 401, 403] }),
  retryJob: defineEndpoint({ ...lines.retryJob, params: idParam, response: adminJob, errors: [400, 401, 403, 404, 409] }),
};
