import type { ReceptionView, ReservationJournalPhotoBody } from '@ouvrage/contracts';
import type { Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden, notFound, refuse } from '../../lib/errors';
import { findSignatureDocumentOfSubject } from '../signature';
import { citeAsReservationPhoto } from '../site-log';
import { managesReception, receptionNotFound, receptionView } from './reception-views';
import * as repo from './repository';

/**
 * « Choisir une photo du journal » (decision 1232): instead of uploading one, the issuer gives a
 * reservation the photos of an entry of the project's journal de chantier — an entry of the same
 * project that has photos (the site log checks it, 400 otherwise). Like an upload, only while the
 * PV is not out for signature; an uploaded photo it replaces is removed once this commits.
 */
export async function setReservationJournalPhoto(
  deps: AppDeps,
  caller: Caller,
  reservationId: number,
  body: ReservationJournalPhotoBody,
): Promise<ReceptionView> {
  const { receptionId, replacedKey } = await deps.db.transaction(async (tx) => {
    const reservation = await repo.findReservation(tx, reservationId);
    if (!reservation) throw notFound('Cette réserve est introuvable.');
    const reception = await repo.lockReception(tx, reservation.receptionId);
    if (!reception) throw receptionNotFound();
    if (!managesReception(caller, reception)) throw forbidden('Seul l’émetteur du devis gère les réserves de la réception.');
    if (reception.signedAt || (await findSignatureDocumentOfSubject(tx, 'reception', reception.id))) {
      throw refuse('RECEPTION_PV_FROZEN', 'Le procès-verbal est déjà soumis à la signature du client : ses réserves ne changent plus.');
    }
    await citeAsReservationPhoto(
      tx,
      {
        id: reservation.id,
        position: reservation.position,
        quoteId: reception.quoteId,
        projectId: reception.projectId,
        issuerId: reception.issuerId,
        clientId: reception.clientId,
      },
      body.entry_id,
    );
    if (reservation.photoKey) await repo.updateReservation(tx, reservation.id, { photoKey: null, photoMime: null, photoName: null });
    return { receptionId: reception.id, replacedKey: reservation.photoKey };
  });
  if (replacedKey) await deps.storage.remove(replacedKey).catch(() => undefined);
  const row = await repo.findReception(deps.db, receptionId);
  return receptionView(deps, deps.db, row!, caller);
}
