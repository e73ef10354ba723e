import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, idParam, type SubjectSigningEndpoints, type SubjectSigningLines } from '@ouvrage/contracts';
import { lineRoute, route } from '../../lib/route';
import { sendFile } from '../../lib/stored-files';
import { callerOf } from '../../plugins/access-control';
import { auditOf } from './quote-signing';
import { signSubject, type SigningSubject, startSubjectSigning, subjectCodeState, subjectDocumentToSign, verifySubjectCode } from './subject-signing';

/** How the routes' documentation names the record: « du procès-verbal », « le procès-verbal ». */
export interface SubjectWording {
  /** « du procès-verbal », « de l’avenant ». */
  of: string;
  /** « le procès-verbal », « l’avenant ». */
  the: string;
}

/**
 * The signing routes of a record signed in the app (decision 0720, 1222): code state, start,
 * code, the PDF to read, signature — one registration for every subject (a réception's PV, an
 * avenant, a DGD), from its `subjectSigningLines` and `subjectSigningEndpoints`. The module gives
 * its `SigningSubject` (who signs, its document); the signature core does the rest.
 */
export function subjectSigningRoutes<B extends string>(
  app: FastifyInstance,
  subject: SigningSubject,
  declared: { endpoints: SubjectSigningEndpoints<B>; lines: SubjectSigningLines<B> },
  options: { tags: string[]; wording: SubjectWording },
): void {
  const { deps } = app;
  const { tags, wording } = options;
  const { endpoints } = declared;
  const The = wording.the.charAt(0).toUpperCase() + wording.the.slice(1);
  route(app, endpoints.signingCodeState, {
    tags,
    summary: `Où en est le code de signature ${wording.of} (client) : un code encore valable, le délai avant d’en redemander un`,
    handler: (r) => subjectCodeState(deps, subject, callerOf(r), r.params.id),
  });
  route(app, endpoints.startSigning, {
    tags,
    summary: `Commencer la signature ${wording.of} (client) : un code à 6 chiffres est envoyé par e-mail`,
    handler: (r) => startSubjectSigning(deps, subject, callerOf(r), r.params.id, auditOf(r)),
  });
  route(app, endpoints.verifySignCode, {
    tags,
    summary: `Saisir le code de signature ${wording.of}`,
    handler: (r) => verifySubjectCode(deps, subject, callerOf(r), r.params.id, r.body.code, auditOf(r)),
  });
  route(app, endpoints.sign, {
    tags,
    summary: `Signer ${wording.the} (image PNG de la signature, acceptation)`,
    handler: (r) => signSubject(deps, subject, callerOf(r), r.params.id, r.body, auditOf(r)),
  });
  // The PDF to read: a binary answer, outside the JSON envelope.
  const fileErrors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
  app.withTypeProvider<ZodTypeProvider>().route({
    ...lineRoute(declared.lines.signingDocument),
    schema: { tags, summary: `${The} à signer (PDF original), une fois le code vérifié`, params: idParam, response: fileErrors },
    handler: async (request, reply) => {
      const file = await subjectDocumentToSign(deps, subject, callerOf(request), request.params.id);
      return sendFile(reply, { bytes: file.bytes, mime: 'application/pdf', name: file.name, disposition: 'inline' });
    },
  });
}
