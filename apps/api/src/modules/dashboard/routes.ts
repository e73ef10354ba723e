import type { FastifyInstance } from 'fastify';
import { dashboardEndpoints as endpoints } from '@ouvrage/contracts';
import { route } from '../../lib/route';
import { callerOf } from '../../plugins/access-control';
import { architectDashboard, clientDashboard, professionalDashboard } from './service';

/** Dashboards of the client, the professionals and the architect (issue 12, decisions 0810–0813): the caller's own figures. */
export async function dashboardRoutes(app: FastifyInstance) {
  const { deps } = app;
  const tags = ['Tableau de bord'];
  route(app, endpoints.client, {
    tags,
    summary: 'Tableau de bord du client : projets, devis à accepter, documents à signer, factures à régler, prochaines étapes',
    handler: (r) => clientDashboard(deps, callerOf(r)),
  });
  route(app, endpoints.professional, {
    tags,
    summary: 'Tableau de bord du professionnel : offres disponibles, projets acceptés, profil à compléter, taux de réponse',
    handler: (r) => professionalDashboard(deps, callerOf(r)),
  });
  route(app, endpoints.architect, {
    tags,
    summary:
      'Tableau de bord de l’architecte : devis par étape, taux de transformation, facturé et encaissé par mois (?periode=6|12|24|AAAA), factures en retard, retenues à libérer',
    handler: (r) => architectDashboard(deps, callerOf(r), r.query.periode),
  });
}
