import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dgdEndpoints as endpoints, dgdLines, errorEnvelope, idParam } from '@ouvrage/contracts';
import { lineRoute, route } from '../../lib/route';
import { sendFile } from '../../lib/stored-files';
import { callerOf } from '../../plugins/access-control';
import { registerContractClosure } from '../avenants';
import { registerInvoicingClosure } from '../invoices';
import { registerOriginalKind } from '../originals';
import { registerSignatureCompletion, subjectSigningRoutes } from '../signature';
import { registerRetention } from '../users';
import { disputeDgd } from './answer-dgd';
import { dgdFile, renderDgd } from './dgd-pdf';
import { completeDgdSignature, dgdSubject } from './dgd-signing';
import { getDgd, quoteDgd } from './dgd-views';
import { establishDgd } from './establish-dgd';
import { dgdInvoicingClosure } from './invoicing-closure';
import * as repo from './repository';

/** The final account of a contract, décompte général définitif (issue 38 §4, decision 1222). */
export async function dgdRoutes(app: FastifyInstance) {
  const { deps } = app;
  const tags = ['DGD'];
  app.registerOwnership('dgd', repo.ownersOfDgd);
  // A DGD closes a contract's account: its parties are not deleted.
  registerRetention(deps, { name: 'dgds', retains: repo.dgdsNameUser });
  registerSignatureCompletion('dgd', completeDgdSignature);
  // Its PDF as issued, stored once (decision 1020).
  registerOriginalKind(app, 'dgd', async (id) => (await renderDgd(deps, id)).pdf);
  // An issued DGD holds the quote's invoicing and contract, an accepted one closes them.
  registerInvoicingClosure(dgdInvoicingClosure);
  registerContractClosure(dgdInvoicingClosure);

  route(app, endpoints.quoteDgd, {
    tags,
    summary: 'Les décomptes généraux définitifs d’un devis validé, et si l’émetteur peut en établir un',
    handler: (r) => quoteDgd(deps, callerOf(r), r.params.id),
  });
  route(app, endpoints.establishDgd, {
    tags,
    summary:
      'Établir le décompte général définitif (émetteur), après la réception : marché modifié, factures, avoirs, paiements, retenue, pénalités et solde ; numéroté D-AAAA-NNNN-DGD, sans trou, par devis',
    handler: (r) => establishDgd(deps, callerOf(r), r.params.id, r.body),
  });
  route(app, endpoints.dgd, {
    tags,
    summary: 'Un décompte général définitif, tel qu’il a été établi',
    handler: (r) => getDgd(deps, callerOf(r), r.params.id),
  });
  route(app, endpoints.disputeDgd, {
    tags,
    summary: 'Contester le décompte général définitif, avec un motif (client)',
    handler: (r) => disputeDgd(deps, callerOf(r), r.params.id, r.body),
  });
  subjectSigningRoutes(
    app,
    dgdSubject,
    { endpoints, lines: dgdLines },
    { tags, wording: { of: 'du décompte général définitif', the: 'le décompte général définitif' } },
  );

  // Binary answers, outside the JSON envelope.
  const fileErrors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
  app.withTypeProvider<ZodTypeProvider>().route({
    ...lineRoute(dgdLines.dgdPdf),
    schema: { tags, summary: 'Le décompte général définitif (PDF tel qu’établi ; scellé une fois accepté)', params: idParam, response: fileErrors },
    handler: async (request, reply) => {
      const file = await dgdFile(deps, callerOf(request), request.params.id);
      return sendFile(reply, { bytes: file.bytes, mime: 'application/pdf', name: file.name, disposition: 'inline' });
    },
  });
}
