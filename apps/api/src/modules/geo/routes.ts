import type { FastifyInstance } from 'fastify';
import { geoEndpoints as endpoints } from '@ouvrage/contracts';
import { departements, searchCommunes } from '@ouvrage/geo';
import { route } from '../../lib/route';

/** Offline communes and départements (used by address forms and intervention zones). */
export async function geoRoutes(app: FastifyInstance) {
  const tags = ['Géographie'];
  route(app, endpoints.communes, {
    tags,
    summary: 'Rechercher une commune (nom, code postal ou code INSEE)',
    handler: async (request) => searchCommunes(request.query.q, request.query.limit),
  });
  route(app, endpoints.departements, { tags, summary: 'Liste des départements', handler: async () => departements() });
}
