import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { desc, eq } from 'drizzle-orm';
import { envelope, errorEnvelope, idParam, tenderSummary } from '@ouvrage/contracts';
import { offers, type Database } from '@ouvrage/db';

function toSummary(row: typeof offers.$inferSelect) {
  return {
    id: row.id,
    status: row.status,
    validation: row.validation,
    project_id: row.projectId,
    professional_id: row.professionalId,
    created_at: row.createdAt.toISOString(),
  };
}

async function tendersOf(db: Database, professionalId?: number) {
  const query = db.select().from(offers).orderBy(desc(offers.id)).limit(500);
  const rows = professionalId ? await query.where(eq(offers.professionalId, professionalId)) : await query;
  return rows.map(toSummary);
}

/** The tender lists the top bar reads for its bell (DESIGN §5). */
export async function bellRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const list = envelope(z.array(tenderSummary));

  r.get(
    '/api/professionnel/liste-offres/:id',
    {
      schema: {
        tags: ['Appels d’offre'],
        summary: "Appels d'offre reçus par un professionnel",
        params: idParam,
        response: { 200: list, 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await tendersOf(app.deps.db, request.params.id) }),
  );

  r.get(
    '/api/admin/liste-offres',
    {
      schema: { tags: ['Appels d’offre'], summary: "Tous les appels d'offre", response: { 200: list, 401: errorEnvelope, 403: errorEnvelope } },
    },
    async () => ({ success: true as const, data: await tendersOf(app.deps.db) }),
  );
}
