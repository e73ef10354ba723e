import type { AppDeps } from '../../lib/deps';

/** One export per person every 10 minutes: building one reads every module and every file. */
export const EXPORT_INTERVAL_MS = 10 * 60_000;

const keyOf = (userId: number) => `ouvrage:data-export:${userId}`;
const memory = new WeakMap<AppDeps, Map<number, number>>();

/**
 * Claim the person's export slot: null when free (now taken), else the milliseconds left to wait.
 * Shared by every instance through Redis when configured (`SET … NX PX`), else in this process,
 * on `deps.clock` so that tests move time.
 */
export async function claimExport(deps: AppDeps, userId: number): Promise<number | null> {
  if (deps.redis) {
    const key = keyOf(userId);
    if ((await deps.redis.set(key, '1', 'PX', EXPORT_INTERVAL_MS, 'NX')) === 'OK') return null;
    return Math.max(1, await deps.redis.pttl(key));
  }
  const claims = memory.get(deps) ?? new Map<number, number>();
  memory.set(deps, claims);
  const now = deps.clock.now().getTime();
  const until = claims.get(userId);
  if (until !== undefined && until > now) return until - now;
  claims.set(userId, now + EXPORT_INTERVAL_MS);
  return null;
}

/** Give the slot back: the export failed before its first byte, the person may try again at once. */
export async function releaseExport(deps: AppDeps, userId: number): Promise<void> {
  if (deps.redis) await deps.redis.del(keyOf(userId));
  else memory.get(deps)?.delete(userId);
}
