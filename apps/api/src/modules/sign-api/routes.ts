import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, idParam, signApiEndpoints as endpoints, signApiLines } from '@ouvrage/contracts';
import { lineRoute, route } from '../../lib/route';
import { sendFile } from '../../lib/stored-files';
import { callerOf } from '../../plugins/access-control';
import * as documents from './sign-documents';

/** The spec's e-signature routes (§7, decision 0663), whatever the provider. */
export async function signApiRoutes(app: FastifyInstance) {
  const { deps } = app;
  const tags = ['Signature électronique'];
  route(app, endpoints.createDocument, {
    tags,
    summary: 'Document à signer d’un devis accepté (créé une fois, puis le même)',
    handler: (r) => documents.createQuoteDocument(deps, r.params.id),
  });
  route(app, endpoints.documentsWithoutAgreement, {
    tags,
    summary: 'Mes documents à signer pas encore envoyés (tous pour un administrateur)',
    handler: (r) => documents.documentsWithoutAgreement(deps, callerOf(r)),
  });
  route(app, endpoints.storeDocumentAgreement, {
    tags,
    summary: 'Envoyer un document pour signature : il est lié à l’accord du prestataire',
    handler: (r) => documents.storeDocumentAgreement(deps, callerOf(r), r.params.id),
  });
  route(app, endpoints.quoteSignatureStatuses, {
    tags,
    summary: 'État de signature de mes devis (client : reçus ; architecte : émis ; administrateur : tous)',
    handler: (r) => documents.quoteSignatureStatuses(deps, callerOf(r)),
  });

  // Raw answer outside the JSON envelope: the PDF itself.
  const fileErrors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
  app.withTypeProvider<ZodTypeProvider>().route({
    ...lineRoute(signApiLines.documentPdf),
    schema: {
      tags,
      summary: 'Le PDF d’un document à signer : signé une fois la signature terminée, l’original avant',
      params: idParam,
      response: fileErrors,
    },
    handler: async (request, reply) =>
      sendFile(reply, { ...(await documents.documentPdf(deps, request.params.id)), mime: 'application/pdf', disposition: 'attachment' }),
  });
}
