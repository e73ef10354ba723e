import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read the metrics (decision 0854): a scraper presenting METRICS_TOKEN as its bearer, or
 * an admin's session (the access-control hook has read it). Anyone else: 401 without a session,
 * 403 with one.
 */
export function assertMetricsReader(request: FastifyRequest, metricsToken: string | undefined): void {
  const header = request.headers.authorization;
  if (metricsToken && header?.startsWith('Bearer ')) {
    // Compared as digests: same length whatever was sent, in constant time.
    if (timingSafeEqual(digest(header.slice(7).trim()), digest(metricsToken))) return;
  }
  if (request.caller?.user_type === 'admin') return;
  throw new AppError(request.caller ? 'FORBIDDEN' : 'UNAUTHENTICATED');
}
