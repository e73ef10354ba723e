import { z } from 'zod';

/** One dependency as GET /api/health sees it: answering, failing, or not configured (decision 0854). */
export const healthCheck = z.object({
  status: z.enum(['ok', 'error', 'absent']),
  /** What answers: `pglite` / `postgres`, `local` / `s3`, `redis`. */
  kind: z.string().optional(),
  /** How long the check took, in milliseconds. */
  ms: z.number().int().nonnegative(),
  /** Why a check failed (no secrets: the error's name and message). */
  error: z.string().optional(),
});

export const healthReport = z.object({
  status: z.enum(['ok', 'error']),
  version: z.string(),
  /** The database kind, as before the checks were added. */
  database: z.string(),
  checks: z.object({ database: healthCheck, redis: healthCheck, storage: healthCheck }),
});
export type HealthReport = z.infer<typeof healthReport>;

/** 503: one dependency fails; the same report, so the operator sees which. */
export const healthFailure = z.object({
  success: z.literal(false),
  error: z.object({ code: z.string(), message: z.string() }),
  data: healthReport,
});
