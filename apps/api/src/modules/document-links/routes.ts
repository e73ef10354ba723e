import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentLinkEndpoints as endpoints, errorEnvelope, documentLinkLines } from '@ouvrage/contracts';
import { lineRoute, route } from '../../lib/route';
import { sendFile } from '../../lib/stored-files';
import { callerOf } from '../../plugins/access-control';
import { createDocumentLink, openDocumentLink } from './document-links';

const tokenParam = z.object({ token: z.string().max(200, 'Lien invalide.') });

/** Signed, expiring links to a document for the in-app viewer `/viewpdf` (decision 0610). */
export async function documentLinkRoutes(app: FastifyInstance) {
  const { deps } = app;
  const tags = ['Documents'];
  route(app, endpoints.createLink, {
    tags,
    summary: 'Créer un lien signé et temporaire vers un document (visionneuse PDF)',
    handler: (r) => createDocumentLink(deps, callerOf(r), r.body),
  });
  const fileErrors = { 400: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
  app.withTypeProvider<ZodTypeProvider>().route({
    ...lineRoute(documentLinkLines.openLink),
    schema: { tags, summary: 'Le document d’un lien signé (PDF, affiché en ligne), sans connexion', params: tokenParam, response: fileErrors },
    handler: async (request, reply) => {
      const { bytes, name } = await openDocumentLink(deps, request.params.token);
      reply.header('Referrer-Policy', 'no-referrer');
      return sendFile(reply, { bytes, mime: 'application/pdf', name, disposition: 'inline' });
    },
  });
}
