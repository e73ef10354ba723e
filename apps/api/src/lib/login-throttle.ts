import type { Redis } from 'ioredis';

/**
 * Failed logins per account (keyed by the lower-cased e-mail), whatever address they come from:
 * the per-address limit alone lets a botnet try passwords on one account from many addresses.
 * Only failures count, so a user who logs in often is never locked out by their own successes.
 */
export interface LoginThrottle {
  /** True when the account has reached its failure limit in the current window. */
  isBlocked(email: string): Promise<boolean>;
  recordFailure(email: string): Promise<void>;
  reset(email: string): Promise<void>;
}

export interface LoginThrottleOptions {
  limit: number;
  windowMs: number;
  /** Shared counters across API instances; memory (this process only) otherwise. */
  redis?: Redis;
  now?: () => number;
}

const keyOf = (email: string) => `ouvrage:login-failures:${email.trim().toLowerCase()}`;

export function createLoginThrottle(options: LoginThrottleOptions): LoginThrottle {
  return options.redis ? redisThrottle(options.redis, options) : memoryThrottle(options);
}

function redisThrottle(redis: Redis, { limit, windowMs }: LoginThrottleOptions): LoginThrottle {
  return {
    async isBlocked(email) {
      return Number((await redis.get(keyOf(email))) ?? 0) >= limit;
    },
    async recordFailure(email) {
      const key = keyOf(email);
      // The window starts at the first failure (SET … NX) and is not extended by later ones.
      await redis.multi().set(key, '0', 'PX', windowMs, 'NX').incr(key).exec();
    },
    async reset(email) {
      await redis.del(keyOf(email));
    },
  };
}

function memoryThrottle({ limit, windowMs, now = Date.now }: LoginThrottleOptions): LoginThrottle {
  const failures = new Map<string, { count: number; until: number }>();
  const current = (key: string) => {
    const entry = failures.get(key);
    if (entry && entry.until <= now()) {
      failures.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async isBlocked(email) {
      return (current(keyOf(email))?.count ?? 0) >= limit;
    },
    async recordFailure(email) {
      const key = keyOf(email);
      const entry = current(key);
      if (entry) entry.count += 1;
      else {
        // Bounded memory: forget expired entries before adding one when the map grows large.
        if (failures.size > 50_000) for (const k of failures.keys()) current(k);
        failures.set(key, { count: 1, until: now() + windowMs });
      }
    },
    async reset(email) {
      failures.delete(keyOf(email));
    },
  };
}
