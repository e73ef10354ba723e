import { receptionEndpoints, type LiftReservationBody, type RecordReceptionBody } from '@ouvrage/contracts';
import { callEndpoint, uploadToEndpoint } from '../../../lib/endpoint-client';

/** The réception's actions, one call each (decision 0720). */

export const recordReception = (quoteId: number, body: RecordReceptionBody) => callEndpoint(receptionEndpoints.recordReception, { params: { id: quoteId }, body });

export function uploadReservationPhoto(reservationId: number, file: File, onProgress?: (percent: number) => void) {
  const form = new FormData();
  form.append('photo', file);
  return uploadToEndpoint(receptionEndpoints.reservationPhoto, { id: reservationId }, form, onProgress);
}

export const liftReservation = (reservationId: number, body: LiftReservationBody) => callEndpoint(receptionEndpoints.liftReservation, { params: { id: reservationId }, body });

export const releaseRetention = (receptionId: number) => callEndpoint(receptionEndpoints.releaseRetention, { params: { id: receptionId } });
