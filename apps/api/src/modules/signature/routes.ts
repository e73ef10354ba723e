import type { FastifyInstance } from 'fastify';
import { signatureEndpoints as endpoints } from '@ouvrage/contracts';
import { route } from '../../lib/route';
import { callerOf } from '../../plugins/access-control';
import { startSigning, verifySignCode } from './signing-code';

/** The built-in signature's routes (issue 10): for now its first step, the signer's e-mail code (decision 0620). */
export async function signatureRoutes(app: FastifyInstance) {
  const { deps } = app;
  const tags = ['Signature'];
  route(app, endpoints.startSigning, {
    tags,
    summary: 'Commencer la signature d’un devis accepté (client) : un code à 6 chiffres est envoyé par e-mail',
    handler: (r) => startSigning(deps, callerOf(r), r.params.id),
  });
  route(app, endpoints.verifySignCode, {
    tags,
    summary: 'Saisir le code de signature reçu par e-mail (5 essais, 10 minutes)',
    handler: (r) => verifySignCode(deps, callerOf(r), r.params.id, r.body.code),
  });
}
