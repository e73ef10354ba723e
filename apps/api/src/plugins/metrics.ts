import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { JobQueuePort } from '../lib/ports';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's Prometheus registry (GET /api/metrics, decision 0854). */
    metrics: Registry;
  }
}

export interface MetricsOptions {
  jobs: Pick<JobQueuePort, 'depth' | 'running'>;
  /** Process metrics (CPU, memory, event loop, GC); off in tests, where many apps share a process. */
  processMetrics: boolean;
}

/**
 * Prometheus metrics of one instance: request durations per route (the route's pattern, never
 * the raw URL: ids would make a series each), open server-sent-event streams, and the job queue's
 * depth read from the shared table at each scrape. Registered at the root so every route counts.
 */
// A named function: fastify-plugin names an anonymous one from a stack trace, which under
// --enable-source-maps decodes the whole bundle's source map at start (decision 0863).
export const metrics = fp<MetricsOptions>(async function metricsPlugin(app: FastifyInstance, { jobs, processMetrics }) {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry, prefix: 'ouvrage_' });

  const durations = new Histogram({
    name: 'ouvrage_http_request_duration_seconds',
    help: 'Durée des requêtes HTTP, par méthode, route et statut',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  new Gauge({
    name: 'ouvrage_jobs',
    help: 'Tâches de la file (toutes instances) : en attente (due = à exécuter maintenant), en cours, mortes',
    labelNames: ['kind', 'status', 'due'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await jobs.depth())
        this.inc({ kind: row.kind, status: row.status, due: row.status === 'pending' ? String(row.due) : '' }, Number(row.total));
    },
  });

  new Gauge({
    name: 'ouvrage_jobs_running_here',
    help: 'Tâches exécutées en ce moment par cette instance',
    registers: [registry],
    collect() {
      this.set(jobs.running);
    },
  });

  app.decorate('metrics', registry);

  app.addHook('onResponse', (request, reply, done) => {
    // A route's pattern (`/api/project/:id`); requests no route matched share one series.
    const route = request.routeOptions.url ?? 'unmatched';
    durations.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });
});
