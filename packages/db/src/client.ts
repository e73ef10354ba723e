import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Logger } from 'drizzle-orm/logger';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Run a SQL script of several statements (migrations). */
  execScript(sql: string): Promise<void>;
  /** Run one parameterised statement and return its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Run `work` on one connection held for its whole length: what a session-level lock needs
   * (`pg_advisory_lock` and its unlock on the same connection, decision 0853). PGlite has one.
   */
  withSession<T>(work: (session: DatabaseSession) => Promise<T>): Promise<T>;
  /**
   * Hear the notifications of `channel` (`NOTIFY`, `pg_notify`): sent at commit, to every
   * connection listening, so to every instance. Resolves once the first attempt to listen is done,
   * heard or not; returns what stops listening. `close()` stops every listener too.
   */
  listen(channel: string, events: ListenEvents): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** What a listener hears (`DatabaseHandle.listen`). */
export interface ListenEvents {
  /** A notification, with its payload. */
  notify(payload: string): void;
  /** Listening, first or again: what was sent while not listening is lost. */
  up(): void;
  /** Not listening any more (connection lost, or stopped) until the next `up`. */
  down(error?: Error): void;
}

/** One connection's statements (see `withSession`). */
export type DatabaseSession = Pick<DatabaseHandle, 'execScript' | 'query'>;

export interface DatabaseOptions {
  /** postgres://… : use a PostgreSQL server. */
  url?: string;
  /** Directory of the embedded database; omitted = in memory. */
  dataDir?: string;
  /** Sees every statement Drizzle runs, transactions included (tests count queries per request with it). */
  logger?: Logger;
}

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return connectPostgres(options.url, options.logger);
  return openPglite(options.dataDir, options.logger);
}

async function openPglite(dataDir?: string, logger?: Logger): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return wrapPglite(await PGlite.create(dataDir), logger);
}

/** The handle over an open PGlite (the test databases load theirs from a dumped template). */
export function wrapPglite(client: PGlite, logger?: Logger): DatabaseHandle {
  const db = drizzlePglite(client, { schema, logger }) as unknown as Database;
  const listeners = new Set<() => Promise<void>>();
  const session: DatabaseSession = {
    execScript: async (sql) => {
      await client.exec(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await client.query<T>(sql, params)).rows,
  };
  return {
    db,
    kind: 'pglite',
    ...session,
    withSession: (work) => work(session),
    // One connection, in this process: PGlite calls back at commit, before the statement's promise
    // resolves, and the connection cannot be lost while the database is open.
    listen: async (channel, events) => {
      const unlisten = await client.listen(assertChannel(channel), events.notify);
      events.up();
      const stop = async () => {
        if (!listeners.delete(stop)) return;
        events.down();
        if (!client.closed) await unlisten();
      };
      listeners.add(stop);
      return stop;
    },
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await client.close();
    },
  };
}

function assertChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Canal de notification invalide : ${channel}`);
  return channel;
}

/**
 * A listener on a PostgreSQL server: its own connection, outside the pool (a pooled connection
 * goes back to serve other statements; LISTEN needs one that stays). A lost connection is
 * reported (`down`) and opened again, 250 ms later, then up to 10 s between attempts.
 */
async function listenOnServer(url: string, channel: string, events: ListenEvents): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let delay = 250;
  const open = async (): Promise<void> => {
    const current = new pg.Client({ connectionString: url });
    client = current;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      events.down(error);
      current.end().catch(() => undefined);
      if (stopped) return;
      retry = setTimeout(() => void open(), delay);
      retry.unref();
      delay = Math.min(delay * 2, 10_000);
    };
    current.on('error', onLost);
    current.on('end', () => onLost());
    current.on('notification', (message) => {
      if (message.channel === channel) events.notify(message.payload ?? '');
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${channel}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (lost || stopped) return;
    delay = 250;
    events.up();
  };
  await open();
  return async () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

/** Create the database named in the URL when the server does not have it yet (first start). */
async function ensureDatabaseExists(url: string): Promise<void> {
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.end();
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
    const target = new URL(url);
    const name = decodeURIComponent(target.pathname.slice(1));
    if (!/^[A-Za-z0-9_]+$/.test(name)) throw error;
    target.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: target.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
  }
}

/**
 * A pool client that never crashes the process when its connection dies. The pool listens for
 * errors on idle clients only; a client checked out (a query in flight, a transaction open) or
 * still connecting emits 'error' with no listener when the server goes away (restart, failover,
 * terminated backend), and Node then kills the process. The failed query itself still rejects
 * (the API answers 503) and the pool drops the broken client: it is no longer queryable.
 */
class ResilientClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', (error) => console.warn(`Connexion PostgreSQL perdue : ${error.message}`));
  }
}

/**
 * Drizzle's `transaction()` checks a client out and releases it in a `finally` that does not cover
 * its `BEGIN`: when the connection dies between checkout and BEGIN, the client is never released
 * and the pool loses a slot for good (ten failovers and the API hangs). A failed BEGIN on a client
 * checked out with `connect()` releases it here, with the error, so the pool drops it.
 */
function releaseClientsOnFailedBegin(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  pool.connect = ((callback?: unknown) => {
    if (callback) return connect(callback);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      const query = client.query;
      // Only this checkout's first query is watched; the original method comes back at once.
      client.query = function (...args: unknown[]) {
        client.query = query;
        const result = (query as (...a: unknown[]) => unknown).apply(client, args);
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown } | undefined)?.text;
        if (result instanceof Promise && typeof text === 'string' && /^\s*begin\b/i.test(text)) {
          result.catch((error: Error) => client.release(error));
        }
        return result;
      } as typeof query;
      return client;
    });
  }) as pg.Pool['connect'];
}

async function connectPostgres(url: string, logger?: Logger): Promise<DatabaseHandle> {
  await ensureDatabaseExists(url);
  // JIT off: our statements are short index reads whose LIMIT hides a large total cost estimate,
  // and compiling them (40 ms) cost more than running them (decision 0965). Prepared statements
  // (0966) keep PostgreSQL's default plan choice: a generic plan once it costs no more than the
  // plans for the values seen. Searches by words are sent unnamed instead, planned for their
  // words each time (decision 0980).
  const pool = new pg.Pool({ connectionString: url, max: 10, Client: ResilientClient, options: '-c jit=off' });
  releaseClientsOnFailedBegin(pool);
  // An idle connection the server closed (restart, failover, a dropped test database) must not
  // crash the process: the pool discards it and opens a new one when needed.
  pool.on('error', (error) => console.warn(`Connexion PostgreSQL inactive perdue : ${error.message}`));
  // Fail fast with a clear message when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema, logger }) as unknown as Database;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    execScript: async (sql) => {
      await pool.query(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    withSession: async (work) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        return await work({
          execScript: async (sql) => {
            await client.query(sql);
          },
          query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
        });
      } catch (error) {
        // A connection left mid-transaction or holding a lock must not go back to the pool.
        broken = error as Error;
        throw error;
      } finally {
        client.release(broken);
      }
    },
    listen: async (channel, events) => {
      const stopListening = await listenOnServer(url, assertChannel(channel), events);
      const stop = async () => {
        if (listeners.delete(stop)) await stopListening();
      };
      listeners.add(stop);
      return stop;
    },
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}
