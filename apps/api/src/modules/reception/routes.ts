import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, idParam, receptionEndpoints as endpoints, receptionLines } from '@ouvrage/contracts';
import { RESERVATION_PHOTO_MAX_BYTES } from '@ouvrage/domain';
import { lineRoute, route } from '../../lib/route';
import { sendFile } from '../../lib/stored-files';
import { acceptUploads, storeUploads } from '../../lib/uploads';
import { callerOf } from '../../plugins/access-control';
import { registerSignatureCompletion, subjectSigningRoutes } from '../signature';
import { registerRetention } from '../users';
import { completeReceptionPv, pvFile, pvSubject } from './pv-signing';
import { quoteReception } from './reception-views';
import { recordReception } from './record-reception';
import { releaseRetention } from './release-retention';
import * as repo from './repository';
import { liftReservation, reservationPhoto, setReservationPhoto } from './reservations';
import { setReservationJournalPhoto } from './journal-photo';
import { RETENTION_REMINDER_EVERY_MS, RETENTION_REMINDER_JOB, sendRetentionReminders } from './retention-reminders';

/** Réception des travaux (issue 11, decisions 0720–0721). */
export async function receptionRoutes(app: FastifyInstance) {
  await acceptUploads(app);
  const { deps } = app;
  const tags = ['Réception'];
  app.registerOwnership('reception', repo.ownersOfReception);
  app.registerOwnership('reservation', repo.ownersOfReservation);
  // A signed PV is a record of the works, kept like the invoices: its parties are not deleted.
  registerRetention(deps, { name: 'receptions', retains: repo.receptionsNameUser });
  registerSignatureCompletion('reception', completeReceptionPv);
  deps.jobs.registerRecurringJob(RETENTION_REMINDER_JOB, RETENTION_REMINDER_EVERY_MS, async () => {
    await sendRetentionReminders(deps);
  });

  route(app, endpoints.quoteReception, {
    tags,
    summary: 'La réception des travaux d’un devis (lots, réception, réserves, retenue)',
    handler: (r) => quoteReception(deps, callerOf(r), r.params.id),
  });
  route(app, endpoints.recordReception, {
    tags,
    summary: 'Enregistrer la réception des travaux d’un devis validé (émetteur), avec ou sans réserves',
    handler: (r) => recordReception(deps, callerOf(r), r.params.id, r.body),
  });
  route(app, endpoints.reservationPhoto, {
    tags,
    summary: 'Joindre une photo à une réserve (JPEG ou PNG, 8 Mo au plus) — multipart : photo',
    handler: async (r) => {
      const { files } = await storeUploads(r, deps.storage, { allowed: ['jpeg', 'png'], maxBytes: RESERVATION_PHOTO_MAX_BYTES, maxFiles: 1 });
      return setReservationPhoto(deps, callerOf(r), r.params.id, files);
    },
  });
  route(app, endpoints.reservationJournalPhoto, {
    tags,
    summary: 'Prendre pour photo d’une réserve une entrée du journal de chantier du projet qui a des photos (émetteur), au lieu d’en téléverser une',
    handler: (r) => setReservationJournalPhoto(deps, callerOf(r), r.params.id, r.body),
  });
  route(app, endpoints.liftReservation, {
    tags,
    summary: 'Lever une réserve (émetteur), à une date',
    handler: (r) => liftReservation(deps, callerOf(r), r.params.id, r.body),
  });
  route(app, endpoints.releaseRetention, {
    tags,
    summary: 'Libérer la retenue de garantie (un an après la réception, réserves levées)',
    handler: (r) => releaseRetention(deps, callerOf(r), r.params.id),
  });
  subjectSigningRoutes(app, pvSubject, { endpoints, lines: receptionLines }, { tags, wording: { of: 'du procès-verbal', the: 'le procès-verbal' } });

  // Binary answers, outside the JSON envelope.
  const get = app.withTypeProvider<ZodTypeProvider>();
  const fileErrors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
  get.route({
    ...lineRoute(receptionLines.pvPdf),
    schema: { tags, summary: 'Le procès-verbal de réception (PDF ; scellé une fois signé)', params: idParam, response: fileErrors },
    handler: async (request, reply) => {
      const file = await pvFile(deps, request.params.id);
      return sendFile(reply, { bytes: file.bytes, mime: 'application/pdf', name: file.name, disposition: 'inline' });
    },
  });
  get.route({
    ...lineRoute(receptionLines.reservationPhotoFile),
    schema: { tags, summary: 'La photo d’une réserve', params: idParam, response: fileErrors },
    handler: async (request, reply) => {
      const photo = await reservationPhoto(deps, request.params.id);
      return sendFile(reply, { bytes: photo.bytes, mime: photo.mime, name: photo.name, disposition: 'inline' });
    },
  });
}
