import type { Database, DatabaseHandle } from '@ouvrage/db';
import type { AppConfig } from '../config';
import type { Mailer } from '../modules/mail/mailer';

/** What modules receive from the root plugin: configuration, database, mailer. */
export interface AppDeps {
  config: AppConfig;
  handle: DatabaseHandle;
  db: Database;
  mailer: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
