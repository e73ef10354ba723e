import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminJob, adminJobsQuery, envelope, errorEnvelope, idParam, paginated } from '@ouvrage/contracts';
import * as service from './service';

/** The admin's view of background jobs: what failed, with its last error, and a relaunch. */
export async function jobRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['Administration'];

  r.get(
    '/api/admin/jobs',
    {
      schema: {
        tags,
        summary: 'Tâches de fond (envois d’e-mails, balayages…), les plus récentes d’abord',
        querystring: adminJobsQuery,
        response: { 200: envelope(paginated(adminJob)), 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await service.listJobs(deps, request.query) }),
  );

  r.post(
    '/api/admin/jobs/:id/retry',
    {
      schema: {
        tags,
        summary: 'Relancer une tâche en échec définitif',
        params: idParam,
        response: { 200: envelope(adminJob), 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await service.retryJob(deps, request.params.id) }),
  );
}
