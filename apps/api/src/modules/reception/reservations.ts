import type { LiftReservationBody, ReceptionView } from '@ouvrage/contracts';
import { reservationLiftRefusal, todayInParis, type CalendarDate, type Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden, invalid, notFound, refuse, refused } from '../../lib/errors';
import { readStoredFile } from '../../lib/stored-files';
import type { StoredUpload } from '../../lib/uploads';
import { findSignatureDocumentOfSubject } from '../signature';
import { forgetReservationPhoto } from '../site-log';
import { managesReception, receptionNotFound, receptionView } from './reception-views';
import * as repo from './repository';

/** A reservation's photo and its lifting (levée), decision 0720. */

const reservationNotFound = () => notFound('Cette réserve est introuvable.');
const notTheIssuer = () => forbidden('Seul l’émetteur du devis gère les réserves de la réception.');

/**
 * Attach (or replace) a reservation's photo, already streamed to the storage by the route (JPEG or
 * PNG, size checked there). Only while the PV has not been put out for signature: the client signs
 * the reservations as they are printed. Any refusal removes the stored file.
 */
export async function setReservationPhoto(deps: AppDeps, caller: Caller, reservationId: number, files: StoredUpload[]): Promise<ReceptionView> {
  const previous: string[] = [];
  try {
    if (files.length !== 1 || files[0].field !== 'photo')
      throw invalid({ photo: 'Joignez une photo (JPEG ou PNG).' }, 'Joignez une photo (JPEG ou PNG) dans le champ « photo ».');
    const file = files[0];
    const receptionId = await deps.db.transaction(async (tx) => {
      const reservation = await repo.findReservation(tx, reservationId);
      if (!reservation) throw reservationNotFound();
      const reception = await repo.lockReception(tx, reservation.receptionId);
      if (!reception) throw receptionNotFound();
      if (!managesReception(caller, reception)) throw notTheIssuer();
      if (reception.signedAt || (await findSignatureDocumentOfSubject(tx, 'reception', reception.id))) {
        throw refuse('RECEPTION_PV_FROZEN', 'Le procès-verbal est déjà soumis à la signature du client : ses réserves ne changent plus.');
      }
      if (reservation.photoKey) previous.push(reservation.photoKey);
      await repo.updateReservation(tx, reservation.id, { photoKey: file.key, photoMime: file.mime, photoName: file.filename });
      // An uploaded photo replaces a journal entry cited as the photo (decision 1232).
      await forgetReservationPhoto(tx, reservation.id);
      return reception.id;
    });
    await Promise.all(previous.map((key) => deps.storage.remove(key).catch(() => undefined)));
    const row = await repo.findReception(deps.db, receptionId);
    return receptionView(deps, deps.db, row!, caller);
  } catch (error) {
    await Promise.all(files.map((f) => deps.storage.remove(f.key).catch(() => undefined)));
    throw error;
  }
}

export async function reservationPhoto(deps: AppDeps, reservationId: number): Promise<{ bytes: Buffer; mime: string; name: string }> {
  const reservation = await repo.findReservation(deps.db, reservationId);
  if (!reservation) throw reservationNotFound();
  if (!reservation.photoKey) throw notFound('Cette réserve n’a pas de photo.');
  const bytes = await readStoredFile(deps.storage, reservation.photoKey, 'La photo de cette réserve est introuvable sur le serveur.');
  return { bytes, mime: reservation.photoMime ?? 'image/jpeg', name: reservation.photoName ?? `reserve-${reservation.id}` };
}

/** `POST /api/reception/reserve/{id}/levee`: the issuer lifts a reservation of a signed PV, once, on a day. */
export async function liftReservation(deps: AppDeps, caller: Caller, reservationId: number, body: LiftReservationBody): Promise<ReceptionView> {
  const receptionId = await deps.db.transaction(async (tx) => {
    const found = await repo.findReservation(tx, reservationId);
    if (!found) throw reservationNotFound();
    const reception = await repo.lockReception(tx, found.receptionId);
    if (!reception) throw receptionNotFound();
    if (!managesReception(caller, reception)) throw notTheIssuer();
    if (!reception.signedAt) throw refuse('RESERVATION_PV_NOT_SIGNED', 'Les réserves se lèvent une fois le procès-verbal de réception signé par le client.');
    // Read again under the réception's lock: two lifts of one reservation are checked one after the other.
    const reservation = (await repo.findReservation(tx, reservationId))!;
    const r = reservationLiftRefusal(
      { liftedOn: (reservation.liftedOn as CalendarDate | null) ?? null },
      reception.receptionDate as CalendarDate,
      body.lifted_on as CalendarDate,
      todayInParis(deps.clock),
    );
    if (r) throw refused(r, r.status === 400 ? { lifted_on: r.message } : undefined);
    await repo.updateReservation(tx, reservation.id, { liftedOn: body.lifted_on, liftedAt: deps.clock.now(), liftedBy: caller.id });
    return reception.id;
  });
  const row = await repo.findReception(deps.db, receptionId);
  return receptionView(deps, deps.db, row!, caller);
}
