import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { avenantEndpoints as endpoints, avenantLines, errorEnvelope, idParam } from '@ouvrage/contracts';
import { lineRoute, route } from '../../lib/route';
import { sendFile } from '../../lib/stored-files';
import { callerOf } from '../../plugins/access-control';
import { registerContractAmendments } from '../quotes';
import { registerSignatureCompletion, subjectSigningRoutes } from '../signature';
import { registerRetention } from '../users';
import { registerExport } from '../data-export';
import { avenantsExport } from './personal-data';
import { refuseAvenant, withdrawAvenant } from './answer-avenant';
import { avenantFile } from './avenant-pdf';
import { avenantSubject, completeAvenantSignature } from './avenant-signing';
import { getAvenant, quoteAvenants } from './avenant-views';
import { createAvenant, deleteAvenant, updateAvenant } from './edit-avenant';
import * as repo from './repository';
import { sendAvenant } from './send-avenant';

/** Avenants on a validated quote (issue 38 §1, decision 1220). */
export async function avenantRoutes(app: FastifyInstance) {
  const { deps } = app;
  const tags = ['Avenants'];
  app.registerOwnership('avenant', repo.ownersOfAvenant);
  // A sent avenant is part of a contract: its parties are not deleted.
  registerRetention(deps, { name: 'avenants', retains: repo.avenantsNameUser });
  registerExport(deps, avenantsExport);
  registerSignatureCompletion('avenant', completeAvenantSignature);
  // Every reader of a contract (invoices, réception, avenants) gets it amended by the signed avenants.
  registerContractAmendments(repo.signedAvenantLots);

  route(app, endpoints.quoteAvenants, {
    tags,
    summary: 'Les avenants d’un devis validé et le contrat tel que modifié par les avenants signés',
    handler: (r) => quoteAvenants(deps, callerOf(r), r.params.id),
  });
  route(app, endpoints.createAvenant, {
    tags,
    summary: 'Rédiger un avenant sur un devis validé (émetteur) : lignes ajoutées, lignes retirées ou réduites (quantité négative), nouveaux lots',
    handler: (r) => createAvenant(deps, callerOf(r), r.params.id, r.body),
  });
  route(app, endpoints.avenant, {
    tags,
    summary: 'Un avenant : lignes, contrat avant, variation et nouveau contrat par taux',
    handler: (r) => getAvenant(deps, callerOf(r), r.params.id),
  });
  route(app, endpoints.updateAvenant, {
    tags,
    summary: 'Modifier un avenant en brouillon (émetteur)',
    handler: (r) => updateAvenant(deps, callerOf(r), r.params.id, r.body),
  });
  route(app, endpoints.deleteAvenant, {
    tags,
    summary: 'Supprimer un avenant en brouillon (émetteur)',
    handler: (r) => deleteAvenant(deps, callerOf(r), r.params.id),
  });
  route(app, endpoints.sendAvenant, {
    tags,
    summary: 'Envoyer un avenant au client (émetteur) : son numéro D-AAAA-NNNN-A1 est pris alors, sans trou, par devis',
    handler: (r) => sendAvenant(deps, callerOf(r), r.params.id),
  });
  route(app, endpoints.refuseAvenant, {
    tags,
    summary: 'Refuser un avenant, avec un motif (client)',
    handler: (r) => refuseAvenant(deps, callerOf(r), r.params.id, r.body),
  });
  route(app, endpoints.withdrawAvenant, {
    tags,
    summary: 'Se rétracter d’un avenant signé (client consommateur, dans le délai légal)',
    handler: (r) => withdrawAvenant(deps, callerOf(r), r.params.id),
  });
  subjectSigningRoutes(app, avenantSubject, { endpoints, lines: avenantLines }, { tags, wording: { of: 'de l’avenant', the: 'l’avenant' } });

  // Binary answers, outside the JSON envelope.
  const get = app.withTypeProvider<ZodTypeProvider>();
  const fileErrors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
  get.route({
    ...lineRoute(avenantLines.avenantPdf),
    schema: { tags, summary: 'L’avenant (PDF ; scellé une fois signé)', params: idParam, response: fileErrors },
    handler: async (request, reply) => {
      const file = await avenantFile(deps, callerOf(request), request.params.id);
      return sendFile(reply, { bytes: file.bytes, mime: 'application/pdf', name: file.name, disposition: 'inline' });
    },
  });
}
