import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { documentEndpoints as endpoints, documentLines as lines, errorEnvelope, idParam } from '@ouvrage/contracts';
import { lineRoute, route } from '../../lib/route';
import { sendFile } from '../../lib/stored-files';
import { callerOf } from '../../plugins/access-control';
import { registerDocumentKind } from '../document-links';
import { listDocuments } from './list-documents';
import { documentPdf, readableDocument, signatureDocumentKind } from './signature-files';
import { contractUploadOptions, uploadContract } from './upload-contract';
import { acceptUploads, readUploads } from '../../lib/uploads';

/** The documents area `/document` (issue 10, decisions 0680–0684). */
export async function documentRoutes(app: FastifyInstance) {
  await acceptUploads(app);
  const { deps } = app;
  const tags = ['Documents'];
  registerDocumentKind(deps, 'signature-original', signatureDocumentKind(app, 'original'));
  registerDocumentKind(deps, 'signature-signed', signatureDocumentKind(app, 'signed'));

  route(app, endpoints.listDocuments, {
    tags,
    summary: 'Mes documents : devis, devis signés, contrats, fichiers de projets (filtres, recherche, pages)',
    handler: (r) => listDocuments(deps, callerOf(r), r.query),
  });
  route(app, endpoints.uploadContract, {
    tags,
    summary: 'Déposer un contrat à faire signer (multipart : file PDF, title, project_id facultatif, signers JSON)',
    handler: async (r) => {
      const caller = callerOf(r);
      const form = await readUploads(r, contractUploadOptions(deps));
      return uploadContract(deps, caller, form, (projectId) => app.assertOwns('project', projectId, caller));
    },
  });

  // Raw answers outside the JSON envelope: the PDFs.
  const r = app.withTypeProvider<ZodTypeProvider>();
  const fileErrors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
  for (const [line, which, summary] of [
    [lines.originalFile, 'original', 'Le PDF original du document'],
    [lines.signedFile, 'signed', 'Le PDF signé du document (une fois signé)'],
  ] as const) {
    r.route({
      ...lineRoute(line),
      schema: { tags, summary, params: idParam, response: fileErrors },
      handler: async (request, reply) => {
        const doc = await readableDocument(app, callerOf(request), request.params.id);
        const { bytes, name } = await documentPdf(app, doc, which);
        return sendFile(reply, { bytes, mime: 'application/pdf', name, disposition: 'attachment' });
      },
    });
  }
}
