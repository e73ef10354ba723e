import type { Redis } from 'ioredis';
import type { Database, DatabaseHandle } from '@ouvrage/db';
import type { Clock } from '@ouvrage/domain';
import type { AppConfig } from '../config';
import type { LoginThrottle } from './login-throttle';
import type { JobQueuePort, MailerPort } from './ports';
import type { FileStorage } from './storage';

/** What modules receive from the root plugin: configuration, database, mailer, job queue, file storage, clock, login throttle. */
export interface AppDeps {
  config: AppConfig;
  handle: DatabaseHandle;
  db: Database;
  mailer: MailerPort;
  /** The background job queue: register handlers, kick it after a commit that enqueued jobs. */
  jobs: JobQueuePort;
  storage: FileStorage;
  /** The time for every rule (deadlines, expiry, numbering years): tests move it. */
  clock: Clock;
  /** Failed logins per account, across addresses and instances (Redis when configured). */
  loginThrottle: LoginThrottle;
  // `paClient`, how the platform speaks to plateformes agréées, is declared by modules/e-invoicing/pa-client-dep.ts:
  // its type is the adapter's, and lib imports no adapter (module-cycles test).
  /** The shared Redis when REDIS_URL is set (rate limits, login throttle; /api/health pings it). */
  redis?: Redis;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
