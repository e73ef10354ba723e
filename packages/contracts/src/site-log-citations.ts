import { z } from 'zod';
import { INVOICE_KINDS, SITE_LOG_CITATIONS_MAX } from '@ouvrage/domain';

/**
 * Journal entries cited by other documents (issue 39 §2, decision 1232): an invoice's
 * justification, a reservation's photo; and, on the entry, where it is cited.
 */

const entryId = z
  .number({ error: 'Entrée du journal invalide.' })
  .int('Entrée du journal invalide.')
  .positive('Entrée du journal invalide.')
  .max(2_147_483_647);

/** The entries an invoice cites as its justification (same project), in the issuing body. */
export const siteLogEntryIds = z
  .array(entryId, { error: 'Les justificatifs sont une liste d’entrées du journal.' })
  .max(SITE_LOG_CITATIONS_MAX, `Au plus ${SITE_LOG_CITATIONS_MAX} entrées du journal justifient une facture.`)
  .refine((ids) => new Set(ids).size === ids.length, 'Une entrée du journal est citée deux fois.')
  .default([]);

/** A cited entry as the citing document prints it: « entrée n° 3 du 12/11/2026 ». */
export const citedEntry = z.object({ entry_id: z.number().int(), number: z.number().int(), work_date: z.string() });
export type CitedEntry = z.infer<typeof citedEntry>;

/** Where an entry is cited, for the entry's card (shown to the citing document's parties and the admin). */
export const siteLogCitation = z.discriminatedUnion('kind', [
  /** « Justifie la situation n° F-2026-0012 » → `/facture/{invoice_id}`. */
  z.object({ kind: z.literal('invoice'), invoice_id: z.number().int(), invoice_number: z.string(), invoice_kind: z.enum(INVOICE_KINDS) }),
  /** « Photo de la réserve n° 2 » (position + 1) → `/devis/{quote_id}/reception`. */
  z.object({ kind: z.literal('reservation'), reservation_id: z.number().int(), position: z.number().int(), quote_id: z.number().int() }),
]);
export type SiteLogCitation = z.infer<typeof siteLogCitation>;

/** `POST /api/reception/reserve/{id}/photo-journal`: the entry whose photos are the reservation's. */
export const reservationJournalPhotoBody = z.object({ entry_id: entryId });
export type ReservationJournalPhotoBody = z.input<typeof reservationJournalPhotoBody>;
