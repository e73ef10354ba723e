import { receptionRoutes, type LiftReservationBody, type RecordReceptionBody } from '@ouvrage/contracts';
import { callEndpoint, uploadToEndpoint } from '../../../lib/endpoint-client';

/** The réception's actions, one call each (decision 0720). */

export const recordReception = (quoteId: number, body: RecordReceptionBody) => callEndpoint(receptionRoutes.recordReception, { params: { id: quoteId }, body });

export function uploadReservationPhoto(reservationId: number, file: File, onProgress?: (percent: number) => void) {
  const form = new FormData();
  form.append('photo', file);
  return uploadToEndpoint(receptionRoutes.reservationPhoto, { id: reservationId }, form, onProgress);
}

export const liftReservation = (reservationId: number, body: LiftReservationBody) =>
  callEndpoint(receptionRoutes.liftReservation, { params: { id: reservationId }, body });

export const releaseRetention = (receptionId: number) => callEndpoint(receptionRoutes.releaseRetention, { params: { id: receptionId } });

/** A journal entry of the project, with photos, as the reservation's photo (decision 1232). */
export const citeJournalPhoto = (reservationId: number, entryId: number) =>
  callEndpoint(receptionRoutes.reservationJournalPhoto, { params: { id: reservationId }, body: { entry_id: entryId } });
