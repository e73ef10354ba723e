import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, idParam, signatureEndpoints as endpoints, signatureTokenParam, signingFlowEndpoints as flow, signatureLines } from '@ouvrage/contracts';
import { lineRoute, route } from '../../lib/route';
import { sendFile } from '../../lib/stored-files';
import { callerOf } from '../../plugins/access-control';
import { logOriginalsTo } from '../originals';
import { registerRetention } from '../users';
import { builtinProvider } from './builtin-provider';
import { registerCompletionJob } from './complete-signature';
import { documentsNameUser, ownersOfDocument } from './documents-repository';
import { linkDocumentToSign, linkInfo, linkSignedPdf, requestLinkCode, signThroughLink, verifyLinkCode } from './link-signing';
import { registerSignatureProvider } from './providers';
import { registerSignedCopyAttachment } from './signed-copies';
import { auditOf, quoteCodeState, quoteDocumentToSign, signedQuotePdf, signQuote, startQuoteSigning, verifyQuoteCode } from './quote-signing';

/**
 * The built-in signature's routes (issue 10): the quote's client in the app (`{id}`, decisions
 * 0620, 0641–0646) and any signer through their personal link (`{token}`, decision 0647).
 */
export async function signatureRoutes(app: FastifyInstance) {
  const { deps } = app;
  const tags = ['Signature'];
  app.registerOwnership('signature-document', ownersOfDocument);
  registerRetention(deps, { name: 'signatures', retains: documentsNameUser });
  registerSignatureProvider('builtin', builtinProvider);
  registerCompletionJob(deps);
  registerSignedCopyAttachment(deps);
  // A stored PDF whose SHA-256 no longer matches is refused and logged here (decision 1023).
  logOriginalsTo(app);
  // Public link routes, per address: the token is the authority, these limits keep guessing out
  // (the session's own limits — 5 tries, a code a minute — apply on top, decision 0624). The
  // quote's routes need a session and an owned quote: the session's limits suffice there.
  const linkLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
  const codeLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

  route(app, endpoints.signingCodeState, {
    tags,
    summary: 'Où en est le code de signature d’un devis (client) : un code encore valable, le délai avant d’en redemander un',
    handler: (r) => quoteCodeState(deps, callerOf(r), r.params.id),
  });
  route(app, endpoints.startSigning, {
    tags,
    summary: 'Commencer la signature d’un devis accepté (client) : un code à 6 chiffres est envoyé par e-mail',
    handler: (r) => startQuoteSigning(deps, callerOf(r), r.params.id, auditOf(r)),
  });
  route(app, endpoints.verifySignCode, {
    tags,
    summary: 'Saisir le code de signature reçu par e-mail (5 essais, 10 minutes)',
    handler: (r) => verifyQuoteCode(deps, callerOf(r), r.params.id, r.body.code, auditOf(r)),
  });
  route(app, flow.signQuote, {
    tags,
    summary: 'Signer le devis (image PNG de la signature dessinée ou saisie, acceptation, certification TVA)',
    handler: (r) => signQuote(deps, callerOf(r), r.params.id, r.body, auditOf(r)),
  });
  route(app, flow.linkInfo, {
    tags,
    summary: 'Le document d’un lien de signature (titre, signataires, état)',
    config: linkLimit,
    handler: (r) => linkInfo(deps, r.params.token),
  });
  route(app, flow.linkRequestCode, {
    tags,
    summary: 'Demander le code de signature par e-mail (lien personnel)',
    config: codeLimit,
    handler: (r) => requestLinkCode(deps, r.params.token, auditOf(r)),
  });
  route(app, flow.linkVerifyCode, {
    tags,
    summary: 'Saisir le code de signature (lien personnel)',
    config: codeLimit,
    handler: (r) => verifyLinkCode(deps, r.params.token, r.body.code, auditOf(r)),
  });
  route(app, flow.linkSign, {
    tags,
    summary: 'Signer le document (lien personnel)',
    config: codeLimit,
    handler: (r) => signThroughLink(deps, r.params.token, r.body, auditOf(r)),
  });

  // Raw answers outside the JSON envelope: the PDFs.
  const r = app.withTypeProvider<ZodTypeProvider>();
  const fileErrors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 429: errorEnvelope };
  const pdf = (reply: Parameters<typeof sendFile>[0], file: { bytes: Buffer; name: string }, disposition: 'inline' | 'attachment') => {
    return sendFile(reply, { bytes: file.bytes, mime: 'application/pdf', name: file.name, disposition });
  };
  r.route({
    ...lineRoute(signatureLines.signingDocument),
    schema: { tags, summary: 'Le devis à signer (PDF original), une fois le code vérifié', params: idParam, response: fileErrors },
    handler: async (request, reply) => pdf(reply, await quoteDocumentToSign(deps, callerOf(request), request.params.id), 'inline'),
  });
  r.route({
    ...lineRoute(signatureLines.signedQuotePdf),
    schema: { tags, summary: 'Le devis signé (PDF scellé, certificat de signature en dernière page)', params: idParam, response: fileErrors },
    handler: async (request, reply) => pdf(reply, await signedQuotePdf(deps, request.params.id), 'attachment'),
  });
  r.route({
    ...lineRoute(signatureLines.linkDocument),
    config: linkLimit,
    schema: {
      tags,
      summary: 'Le document à signer (PDF original), une fois le code vérifié (lien personnel)',
      params: signatureTokenParam,
      response: fileErrors,
    },
    handler: async (request, reply) => {
      reply.header('Referrer-Policy', 'no-referrer');
      return pdf(reply, await linkDocumentToSign(deps, request.params.token), 'inline');
    },
  });
  r.route({
    ...lineRoute(signatureLines.linkSignedDocument),
    config: linkLimit,
    schema: {
      tags,
      summary: 'Le document signé (PDF scellé), une fois tous les signataires passés (lien personnel)',
      params: signatureTokenParam,
      response: fileErrors,
    },
    handler: async (request, reply) => {
      reply.header('Referrer-Policy', 'no-referrer');
      return pdf(reply, await linkSignedPdf(deps, request.params.token), 'attachment');
    },
  });
}
