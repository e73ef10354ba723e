/**
 * Where "now" comes from. Services read the time from the clock in their dependencies, so tests
 * move time (a deadline passing, a quote expiring) without rewriting rows.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: for tests. */
export class FixedClock implements Clock {
  private current: Date;
  constructor(start: Date | string = new Date()) {
    this.current = new Date(start);
  }
  now(): Date {
    return new Date(this.current);
  }
  set(to: Date | string): void {
    this.current = new Date(to);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
