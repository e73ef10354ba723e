import type { FastifyInstance } from 'fastify';
import { jobEndpoints as endpoints } from '@ouvrage/contracts';
import { route } from '../../lib/route';
import * as service from './service';

/** The admin's view of background jobs: what failed, with its last error, and a relaunch. */
export async function jobRoutes(app: FastifyInstance) {
  const { deps } = app;
  const tags = ['Administration'];

  route(app, endpoints.listJobs, {
    tags,
    summary: 'Tâches de fond (envois d’e-mails, balayages…), les plus récentes d’abord',
    handler: (request) => service.listJobs(deps, request.query),
  });

  route(app, endpoints.retryJob, {
    tags,
    summary: 'Relancer une tâche en échec définitif',
    handler: (request) => service.retryJob(deps, request.params.id),
  });
}
