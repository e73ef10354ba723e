import { integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { JobStatus } from '@ouvrage/domain';

/** Background jobs (migration 0006): claimed under a lease that expires, retried, dead-lettered. */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<JobStatus>().notNull().default('pending'),
    /** Null: as soon as possible. */
    runAt: timestamp('run_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [unique('jobs_kind_idempotency_key').on(t.kind, t.idempotencyKey)],
);

export type JobRow = typeof jobs.$inferSelect;
