import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorEnvelope, healthFailure, healthReport, foundationLines, platformLines } from '@ouvrage/contracts';
import { lineRoute } from '../../lib/route';
import { checkHealth } from './check-health';
import { assertMetricsReader } from './metrics-access';

/** Platform operations (decisions 0450, 0854): health for load balancers, metrics for Prometheus. */
export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['Plateforme'];

  r.route({
    ...lineRoute(foundationLines.health),
    schema: {
      tags,
      summary: 'État du service : base de données, Redis et stockage des fichiers (503 si l’un ne répond pas)',
      response: { 200: envelope(healthReport), 503: healthFailure },
    },
    handler: async (_request, reply) => {
      const report = await checkHealth(deps);
      if (report.status === 'ok') return { success: true as const, data: report };
      return reply.status(503).send({
        success: false as const,
        error: { code: 'SERVICE_UNAVAILABLE', message: 'Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.' },
        data: report,
      });
    },
  });

  r.route({
    ...lineRoute(platformLines.metrics),
    schema: {
      tags,
      summary: 'Métriques Prometheus (jeton METRICS_TOKEN en Bearer, ou session d’administrateur)',
      response: { 200: z.string(), 401: errorEnvelope, 403: errorEnvelope },
    },
    handler: async (request, reply) => {
      assertMetricsReader(request, deps.config.metricsToken);
      const text = await app.metrics.metrics();
      return reply.header('content-type', app.metrics.contentType).header('cache-control', 'no-store').send(text);
    },
  });
}
