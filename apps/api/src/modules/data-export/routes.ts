import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataExportLines as lines, errorEnvelope } from '@ouvrage/contracts';
import { lineRoute } from '../../lib/route';
import { contentDisposition } from '../../lib/stored-files';
import { callerOf } from '../../plugins/access-control';
import { exportMyData } from './export-my-data';

/** A person's own data as a ZIP (RGPD art. 15 and 20, decision 1233). */
export async function dataExportRoutes(app: FastifyInstance) {
  const { deps } = app;
  app.withTypeProvider<ZodTypeProvider>().route({
    ...lineRoute(lines.exportMyData),
    schema: {
      tags: ['Profil'],
      summary:
        'Télécharger mes données (RGPD, art. 15 et 20) : une archive ZIP avec donnees.json (profil, projets, devis, factures, paiements, notifications, conversations, journal de chantier), README.txt et les fichiers ; une fois toutes les 10 minutes (429 sinon)',
      response: { 401: errorEnvelope, 403: errorEnvelope, 429: errorEnvelope },
    },
    handler: async (request, reply) => {
      const { stream, fileName } = await exportMyData(deps, callerOf(request));
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      // The typed reply knows the JSON error answers only; a file goes out as sendFile sends its bytes.
      return reply.send(stream as never);
    },
  });
}
