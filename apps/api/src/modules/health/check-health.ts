import type { HealthReport } from '@ouvrage/contracts';
import { PRODUCT_VERSION } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import type { FileStorage } from '../../lib/storage';

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

/** How long the storage's answer stands: a probe every few milliseconds must not touch the disk (or S3) each time. */
const STORAGE_ANSWER_MS = 1_000;
const storageAnswers = new WeakMap<FileStorage, { at: number; check: Promise<Check> }>();

function storageCheck(storage: FileStorage, timeoutMs: number): Promise<Check> {
  const recent = storageAnswers.get(storage);
  if (recent && performance.now() - recent.at < STORAGE_ANSWER_MS) return recent.check;
  const check = timed(storage.kind, () => storage.check(), timeoutMs);
  storageAnswers.set(storage, { at: performance.now(), check });
  return check;
}

/**
 * The database, Redis (when configured) and file storage, checked at once, each within
 * CHECK_TIMEOUT_MS (decision 0854). `error` when any configured one fails. The storage's answer is
 * reused for a second (decision 0964).
 */
export async function checkHealth(deps: AppDeps, timeoutMs = CHECK_TIMEOUT_MS): Promise<HealthReport> {
  const { redis } = deps;
  const [database, redisCheck, storage] = await Promise.all([
    timed(deps.handle.kind, () => deps.handle.query('SELECT 1'), timeoutMs),
    redis ? timed('redis', () => redis.ping(), timeoutMs) : Promise.resolve<Check>({ status: 'absent', ms: 0 }),
    storageCheck(deps.storage, timeoutMs),
  ]);
  const failed = [database, redisCheck, storage].some((c) => c.status === 'error');
  return { status: failed ? 'error' : 'ok', version: PRODUCT_VERSION, database: deps.handle.kind, checks: { database, redis: redisCheck, storage } };
}
