import { z } from 'zod';
import { isCalendarDate, MAX_RESERVATIONS, RECEPTION_KINDS, RECEPTION_STATUSES, RESERVATION_DESCRIPTION_MAX } from '@ouvrage/domain';
import { idParam } from './common';
import { defineEndpoint } from './endpoint';
import { subjectSigningEndpoints } from './signing-flow';
import { receptionLines } from './routes/reception';
import { linePath } from './route-lines';
import { siteLogPhoto } from './site-log';
import { reservationJournalPhotoBody } from './site-log-citations';

/**
 * Réception des travaux (issue 11, decisions 0720–0721): recorded by the validated quote's issuer,
 * with or without reservations (each on a lot of the quote, optional photo), its procès-verbal
 * signed by the client through the built-in signature; the retenue de garantie released one year
 * later. `{id}` is the quote's on `/api/devis/{id}/reception`, the réception's on
 * `/api/reception/{id}/…`, the reservation's on `/api/reception/reserve/{id}/…`. Dates `YYYY-MM-DD`.
 */

const day = (what: string) =>
  z
    .string({ error: `${what} est obligatoire.` })
    .trim()
    .refine(isCalendarDate, `${what} doit être un jour réel au format AAAA-MM-JJ.`);

export const RETENTION_STATES = ['none', 'awaiting_signature', 'waiting', 'blocked', 'releasable', 'released'] as const;

export const reservationView = z.object({
  id: z.number().int(),
  position: z.number().int(),
  lot_index: z.number().int(),
  lot_title: z.string(),
  description: z.string(),
  /** `/api/reception/reserve/{id}/photo`, or null without a photo. */
  photo_url: z.string().nullable(),
  /** The journal entry cited as its photo instead of an upload (decision 1232): its number, day and photos. */
  journal_photo: z.object({ entry_id: z.number().int(), number: z.number().int(), work_date: z.string(), photos: z.array(siteLogPhoto) }).nullable(),
  lifted_on: z.string().nullable(),
});
export type ReservationView = z.infer<typeof reservationView>;

export const retentionView = z.object({
  /** Withheld on the quote's invoices not cancelled (balance invoices), in cents. */
  retention_cents: z.number().int(),
  /** One year after the réception. */
  release_date: z.string(),
  /** When the client and the architect are reminded (30 days before). */
  reminder_date: z.string(),
  state: z.enum(RETENTION_STATES),
  released_on: z.string().nullable(),
});
export type RetentionView = z.infer<typeof retentionView>;

export const receptionView = z.object({
  id: z.number().int(),
  quote_id: z.number().int(),
  project_id: z.number().int(),
  quote_label: z.string(),
  quote_title: z.string(),
  issuer_name: z.string(),
  client_name: z.string(),
  reception_date: z.string(),
  kind: z.enum(RECEPTION_KINDS),
  status: z.enum(RECEPTION_STATUSES),
  signed_at: z.string().nullable(),
  reservations: z.array(reservationView),
  open_reservations: z.number().int(),
  retention: retentionView,
  /** The caller is the issuer or an admin: lifts reservations, adds photos, releases the retenue. */
  can_manage: z.boolean(),
  /** The caller is the client and the PV waits for their signature. */
  can_sign: z.boolean(),
  /** The PV: `/api/reception/{id}/pv` (the signed one once signed). */
  pv_url: z.string(),
});
export type ReceptionView = z.infer<typeof receptionView>;

export const quoteReception = z.object({
  quote_id: z.number().int(),
  /** The quote's lots, for the reservations' lot select. */
  lots: z.array(z.object({ index: z.number().int(), title: z.string() })),
  /** The caller may record the réception now (the issuer or an admin, quote `Validé`, none yet). */
  can_record: z.boolean(),
  reception: receptionView.nullable(),
});
export type QuoteReception = z.infer<typeof quoteReception>;

export const recordReceptionBody = z.object({
  reception_date: day('La date de réception'),
  reservations: z
    .array(
      z.object({
        lot_index: z.number({ error: 'Choisissez le lot de la réserve.' }).int('Choisissez le lot de la réserve.').min(0, 'Choisissez le lot de la réserve.'),
        description: z
          .string({ error: 'Décrivez la réserve.' })
          .trim()
          .min(1, 'Décrivez la réserve.')
          .max(RESERVATION_DESCRIPTION_MAX, `La description d’une réserve compte au plus ${RESERVATION_DESCRIPTION_MAX} caractères.`),
      }),
      { error: 'La liste des réserves est invalide.' },
    )
    .max(MAX_RESERVATIONS, `Au plus ${MAX_RESERVATIONS} réserves par réception.`)
    .default([]),
});
export type RecordReceptionBody = z.input<typeof recordReceptionBody>;

export const liftReservationBody = z.object({ lifted_on: day('La date de levée') });
export type LiftReservationBody = z.input<typeof liftReservationBody>;

const errors = [400, 401, 403, 404, 409, 429] as const;

export const receptionEndpoints = {
  quoteReception: defineEndpoint({ ...receptionLines.quoteReception, params: idParam, response: quoteReception, errors }),
  recordReception: defineEndpoint({
    ...receptionLines.recordReception,
    params: idParam,
    body: recordReceptionBody,
    response: receptionView,
    status: 201,
    errors,
  }),
  /** Multipart, field `photo` (JPEG or PNG, 8 Mo at most). */
  reservationPhoto: defineEndpoint({
    ...receptionLines.reservationPhoto,
    params: idParam,
    response: receptionView,
    errors: [...errors, 413, 415],
  }),
  /** A journal entry of the project, with photos, as the reservation's photo instead of an upload (decision 1232). */
  reservationJournalPhoto: defineEndpoint({
    ...receptionLines.reservationJournalPhoto,
    params: idParam,
    body: reservationJournalPhotoBody,
    response: receptionView,
    errors,
  }),
  liftReservation: defineEndpoint({ ...receptionLines.liftReservation, params: idParam, body: liftReservationBody, response: receptionView, errors }),
  releaseRetention: defineEndpoint({ ...receptionLines.releaseRetention, params: idParam, response: receptionView, errors }),
  ...subjectSigningEndpoints(receptionLines),
};

/** Binary answers (outside the JSON envelope). */
export const receptionFilePaths = {
  pv: (id: number) => linePath(receptionLines.pvPdf, { id }),
  documentToSign: (id: number) => linePath(receptionLines.signingDocument, { id }),
  photo: (reservationId: number) => linePath(receptionLines.reservationPhotoFile, { id: reservationId }),
};
