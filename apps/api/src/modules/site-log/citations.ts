import type { CitedEntry, SiteLogCitation, SiteLogEntry, SiteLogPhoto } from '@ouvrage/contracts';
import { siteLogFilePaths } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import { siteLogCitationRefusal, type Caller, type InvoiceKind } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { refused } from '../../lib/errors';
import { readStoredFile } from '../../lib/stored-files';
import * as citations from './citations-repository';
import * as repo from './repository';

/**
 * Journal entries cited by other documents (issue 39 §2, decision 1232), for the modules that cite
 * them — through the site log's index, in their own transaction: an invoice's justification
 * (recorded at its issue, frozen with it), a reservation's photo (replaced until its PV goes out for
 * signature, which the reception module checks). Only entries of the citing document's project.
 */

/**
 * The entries `ids` as the citing document prints them, in journal order — or the 400 that one of
 * them is not of `projectId`'s journal (an unknown id reads the same). `withPhotos`: each must have a photo.
 */
export async function citableEntries(db: Executor, projectId: number, ids: readonly number[], options: { withPhotos?: boolean } = {}): Promise<CitedEntry[]> {
  if (!ids.length) return [];
  const found = await citations.entriesWithPhotoCounts(db, [...ids]);
  const rule = siteLogCitationRefusal(ids, found, projectId, options);
  if (rule) throw refused(rule, { [options.withPhotos ? 'entry_id' : 'site_log_entry_ids']: rule.message });
  return found.sort((a, b) => a.number - b.number).map((e) => ({ entry_id: e.id, number: e.number, work_date: e.workDate }));
}

/** Record an issued invoice's justification, in its issuing transaction; never changed after (a trigger refuses it too). */
export async function recordInvoiceJustification(
  tx: Executor,
  invoice: { id: number; number: string; kind: InvoiceKind; issuerId: number; clientId: number },
  entries: readonly CitedEntry[],
): Promise<void> {
  await citations.insertCitations(
    tx,
    entries.map((e) => ({
      entryId: e.entry_id,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      invoiceKind: invoice.kind,
      issuerId: invoice.issuerId,
      clientId: invoice.clientId,
    })),
  );
}

/**
 * A reservation's photo taken from an entry of the same project that has photos, in the reception
 * module's transaction (its PV checked not yet out for signature): the entry it cited before is forgotten.
 */
export async function citeAsReservationPhoto(
  tx: Executor,
  reservation: { id: number; position: number; quoteId: number; projectId: number; issuerId: number; clientId: number },
  entryId: number,
): Promise<CitedEntry> {
  const [entry] = await citableEntries(tx, reservation.projectId, [entryId], { withPhotos: true });
  await citations.deleteReservationCitation(tx, reservation.id);
  await citations.insertCitations(tx, [
    {
      entryId,
      reservationId: reservation.id,
      reservationPosition: reservation.position,
      quoteId: reservation.quoteId,
      issuerId: reservation.issuerId,
      clientId: reservation.clientId,
    },
  ]);
  return entry;
}

/** A photo uploaded for the reservation replaces the entry it cited. */
export async function forgetReservationPhoto(tx: Executor, reservationId: number): Promise<void> {
  await citations.deleteReservationCitation(tx, reservationId);
}

const photoView = (p: repo.SiteLogPhotoRow): SiteLogPhoto => ({
  id: p.id,
  url: siteLogFilePaths.photo(p.id),
  thumbnail_url: siteLogFilePaths.thumbnail(p.id),
  content_type: p.contentType,
  width: p.width,
  height: p.height,
  taken_at: p.takenAt?.toISOString() ?? null,
});

export interface ReservationJournalPhoto extends CitedEntry {
  photos: SiteLogPhoto[];
}

/** The entry each of these reservations cites as its photo, with its photos (served by the journal's photo route), by reservation id. */
export async function reservationJournalPhotos(db: Executor, reservationIds: number[]): Promise<Map<number, ReservationJournalPhoto>> {
  const rows = await citations.reservationCitations(db, reservationIds);
  if (!rows.length) return new Map();
  const entryIds = rows.map((r) => r.entryId);
  const [entries, photos] = await Promise.all([repo.entriesByIds(db, entryIds), repo.photosOf(db, entryIds)]);
  const byId = new Map(entries.map((e) => [e.id, e]));
  return new Map(
    rows.map((r) => {
      const entry = byId.get(r.entryId)!;
      return [
        r.reservationId!,
        { entry_id: entry.id, number: entry.number, work_date: entry.workDate, photos: photos.filter((p) => p.entryId === entry.id).map(photoView) },
      ];
    }),
  );
}

/** The bytes of the photos a reservation cites, for its PV (in the entry's order). */
export async function reservationJournalPhotoFiles(
  deps: AppDeps,
  reservationIds: number[],
): Promise<Map<number, CitedEntry & { photos: Array<{ bytes: Buffer; mime: string }> }>> {
  const cited = await reservationJournalPhotos(deps.db, reservationIds);
  const out = new Map<number, CitedEntry & { photos: Array<{ bytes: Buffer; mime: string }> }>();
  for (const [reservationId, entry] of cited) {
    const files = [];
    for (const photo of await repo.photosOf(deps.db, [entry.entry_id])) {
      files.push({
        bytes: await readStoredFile(deps.storage, photo.storageKey, 'Une photo du journal de chantier est introuvable sur le serveur.'),
        mime: photo.contentType,
      });
    }
    out.set(reservationId, { entry_id: entry.entry_id, number: entry.number, work_date: entry.work_date, photos: files });
  }
  return out;
}

/** A citation as the entry's card shows it. */
const citationView = (c: citations.SiteLogCitationRow): SiteLogCitation =>
  c.invoiceId !== null
    ? { kind: 'invoice', invoice_id: c.invoiceId, invoice_number: c.invoiceNumber!, invoice_kind: c.invoiceKind! }
    : { kind: 'reservation', reservation_id: c.reservationId!, position: c.reservationPosition!, quote_id: c.quoteId! };

/**
 * The entries with where they are cited, in one read: each citation shown to the citing document's
 * parties (its issuer, its client) and the admin — another professional of the project does not
 * see an invoice that is not his.
 */
export async function withCitations<T extends SiteLogEntry>(db: Executor, caller: Caller, entries: T[]): Promise<T[]> {
  const rows = await citations.citationsOfEntries(
    db,
    entries.map((e) => e.id),
  );
  const seen = rows.filter((c) => caller.user_type === 'admin' || c.issuerId === caller.id || c.clientId === caller.id);
  return entries.map((e) => ({ ...e, cited_by: seen.filter((c) => c.entryId === e.id).map(citationView) }));
}
