import type { FastifyInstance } from 'fastify';
import { activityEndpoints as endpoints } from '@ouvrage/contracts';
import { route } from '../../lib/route';
import { callerOf } from '../../plugins/access-control';
import { projectTimeline } from './project-timeline';

/** A project's activity (issue 12, decisions 0830–0832). */
export async function activityRoutes(app: FastifyInstance) {
  const { deps } = app;
  route(app, endpoints.projectActivity, {
    tags: ['Projets'],
    summary: 'Le fil d’activité d’un projet : demandes, appels d’offre, devis, signatures, factures, paiements, réception (du plus récent au plus ancien)',
    handler: (r) => projectTimeline(deps, callerOf(r), r.params.id, r.query.limit),
  });
}
