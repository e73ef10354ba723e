import type { DatabaseHandle } from '@ouvrage/db';

/** The channel migration 0037's trigger notifies: a user's id, or `*` for every user. */
export const USERS_CHANGED_CHANNEL = 'ouvrage_users_changed';

export interface CallerCacheOptions {
  /** How long a row is trusted without news from the database: a last guard, not the rule. */
  ttlMs: number;
  /** Rows kept at most; the oldest goes first. */
  max: number;
  now?: () => number;
}

/**
 * The session check's user rows, kept in memory by id (decision 0979). A row is used only while
 * the database's notifications of changed users are heard: a lost listener turns the cache off
 * and empties it, and it starts empty again when heard. A row read while a change was being
 * announced is not kept (the epoch moved), so a read that raced a change cannot outlive it.
 */
export class CallerCache<Row> {
  private readonly rows = new Map<number, { row: Row; until: number }>();
  private epoch = 0;
  private heard = false;
  private readonly now: () => number;

  constructor(private readonly options: CallerCacheOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  get size(): number {
    return this.rows.size;
  }

  /** The row of `id`: from memory when trusted, otherwise from `load` (kept for the next time). */
  async read(id: number, load: () => Promise<Row | undefined>): Promise<Row | undefined> {
    if (this.heard) {
      const kept = this.rows.get(id);
      if (kept && kept.until > this.now()) return kept.row;
    }
    const epoch = this.epoch;
    const row = await load();
    if (row !== undefined && this.heard && epoch === this.epoch) this.keep(id, row);
    return row;
  }

  /** A notification's payload: one user's id, or `*`. */
  changed(payload: string): void {
    const id = Number(payload);
    if (payload !== '*' && Number.isSafeInteger(id)) this.forget(id);
    else this.clear();
  }

  forget(id: number): void {
    this.epoch += 1;
    this.rows.delete(id);
  }

  clear(): void {
    this.epoch += 1;
    this.rows.clear();
  }

  /** Whether the database's notifications are heard; either way, nothing kept before is trusted. */
  setHeard(heard: boolean): void {
    this.heard = heard;
    this.clear();
  }

  private keep(id: number, row: Row): void {
    this.rows.delete(id);
    if (this.rows.size >= this.options.max) this.rows.delete(this.rows.keys().next().value!);
    this.rows.set(id, { row, until: this.now() + this.options.ttlMs });
  }
}

/** Feed `cache` with the database's notifications of changed users; returns what stops it. */
export function listenForChangedUsers(
  handle: Pick<DatabaseHandle, 'listen'>,
  cache: CallerCache<unknown>,
  onLost: (error: Error) => void,
): Promise<() => Promise<void>> {
  return handle.listen(USERS_CHANGED_CHANNEL, {
    notify: (payload) => cache.changed(payload),
    up: () => cache.setHeard(true),
    down: (error) => {
      cache.setHeard(false);
      if (error) onLost(error);
    },
  });
}
