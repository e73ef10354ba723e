import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorEnvelope } from '@ouvrage/contracts';
import { departements, searchCommunes } from '@ouvrage/geo';

const communeDto = z.object({
  code: z.string(),
  nom: z.string(),
  departement: z.string(),
  codesPostaux: z.array(z.string()),
  population: z.number(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  approx: z.boolean(),
});

/** Offline communes and départements (used by address forms and intervention zones). */
export async function geoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/geo/communes',
    {
      schema: {
        tags: ['Géographie'],
        summary: 'Rechercher une commune (nom, code postal ou code INSEE)',
        querystring: z.object({
          q: z.string({ error: 'Saisissez un nom de commune ou un code postal.' }).trim().min(1, 'Saisissez un nom de commune ou un code postal.').max(100),
          limit: z.coerce.number().int().min(1).max(50).default(10),
        }),
        response: { 200: envelope(z.array(communeDto)), 400: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: searchCommunes(request.query.q, request.query.limit) }),
  );
  r.get(
    '/api/geo/departements',
    {
      schema: {
        tags: ['Géographie'],
        summary: 'Liste des départements',
        response: { 200: envelope(z.array(z.object({ code: z.string(), nom: z.string() }))) },
      },
    },
    async () => ({ success: true as const, data: departements() }),
  );
}
