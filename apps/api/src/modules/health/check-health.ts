import type { HealthReport } from '@ouvrage/contracts';
import { PRODUCT_VERSION } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';

type Check = HealthReport['checks']['database'];

/** A health check never takes longer than this: a load balancer's probe must get an answer. */
export const CHECK_TIMEOUT_MS = 2_000;

async function timed(kind: string, probe: () => Promise<unknown>, timeoutMs: number): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`pas de réponse en ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { status: 'ok', kind, ms: Math.round(performance.now() - started) };
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { status: 'error', kind, ms: Math.round(performance.now() - started), error: message.slice(0, 200) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The database, Redis (when configured) and file storage, checked at once, each within
 * CHECK_TIMEOUT_MS (decision 0854). `error` when any configured one fails.
 */
export async function checkHealth(deps: AppDeps, timeoutMs = CHECK_TIMEOUT_MS): Promise<HealthReport> {
  const { redis } = deps;
  const [database, redisCheck, storage] = await Promise.all([
    timed(deps.handle.kind, () => deps.handle.query('SELECT 1'), timeoutMs),
    redis ? timed('redis', () => redis.ping(), timeoutMs) : Promise.resolve<Check>({ status: 'absent', ms: 0 }),
    timed(deps.storage.kind, () => deps.storage.check(), timeoutMs),
  ]);
  const failed = [database, redisCheck, storage].some((c) => c.status === 'error');
  return { status: failed ? 'error' : 'ok', version: PRODUCT_VERSION, database: deps.handle.kind, checks: { database, redis: redisCheck, storage } };
}
