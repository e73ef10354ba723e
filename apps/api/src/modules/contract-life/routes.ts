import type { FastifyInstance } from 'fastify';
import { contractLifeEndpoints as endpoints } from '@ouvrage/contracts';
import { route } from '../../lib/route';
import { callerOf } from '../../plugins/access-control';
import { projectContracts } from './project-contracts';

/** A project's contracts in one place (issue 38 §5, decision 1224). Ownership: the projects module's `project`. */
export async function contractLifeRoutes(app: FastifyInstance) {
  const { deps } = app;
  route(app, endpoints.projectContracts, {
    tags: ['Contrats'],
    summary: 'Les contrats signés d’un projet : devis, avenants, échéancier, factures, paiements et ce qui est dû ensuite',
    handler: (r) => projectContracts(deps, r.params.id, callerOf(r)),
  });
}
