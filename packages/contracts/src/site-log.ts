import { z } from 'zod';
import { isCalendarDate, LANGUAGES, SITE_LOG_LIMITS, USER_TYPES } from '@ouvrage/domain';
import { idParam, paginated, paginationQuery } from './common';
import { defineEndpoint } from './endpoint';
import { linePath } from './route-lines';
import { siteLogCitation } from './site-log-citations';
import { siteLogLines } from './routes/site-log';

/**
 * The site log, journal de chantier (issue 39 §2, decision 1231): dated entries on a project,
 * numbered 1, 2, 3… per project, never edited — a correction is a new entry naming the one it
 * corrects —, with up to 10 photos (re-encoded without their metadata) and comments. `{id}` is the
 * project's on `/api/projet/{id}/journal`, the entry's on `/api/journal/{id}`, the photo's on
 * `/api/journal/photos/{id}`.
 */

/** `true`/`false` as JSON, or as the text of a multipart field (`true`, `1`, `on`, `false`, `0`, empty). */
const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])]).transform((v) => v === true || v === 'true' || v === '1' || v === 'on');
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

/** The fields of a new entry: the JSON body, or the text fields of the multipart form. */
export const siteLogEntryFields = z.object({
  work_date: z
    .string({ error: 'Indiquez le jour des travaux.' })
    .trim()
    .refine(isCalendarDate, 'Le jour des travaux doit être une date réelle au format AAAA-MM-JJ.'),
  body: z
    .string({ error: 'Écrivez le texte de l’entrée.' })
    .trim()
    .min(1, 'Écrivez le texte de l’entrée.')
    .max(SITE_LOG_LIMITS.body, `Une entrée compte au plus ${SITE_LOG_LIMITS.body} caractères.`),
  /** The lot the entry is about (« Plomberie », « Lot 3 — menuiseries »), free text. */
  lot_label: optionalText(SITE_LOG_LIMITS.lotLabel, `Le lot compte au plus ${SITE_LOG_LIMITS.lotLabel} caractères.`),
  /** A stoppage for bad weather, « intempéries », with its note. */
  weather_stop: flag.default(false),
  weather_note: optionalText(SITE_LOG_LIMITS.weatherNote, `La note d’intempéries compte au plus ${SITE_LOG_LIMITS.weatherNote} caractères.`),
  /** The entry of the same journal this one corrects (it is never edited). */
  corrects_entry_id: z
    .union([
      z.literal(''),
      z.coerce.number({ error: 'Entrée invalide.' }).int('Entrée invalide.').positive('Entrée invalide.').max(2_147_483_647, 'Entrée invalide.'),
    ])
    .nullish()
    .transform((v) => (v === '' || v == null ? null : v)),
});
export type SiteLogEntryFields = z.input<typeof siteLogEntryFields>;

export const siteLogCommentBody = z.object({
  body: z
    .string({ error: 'Écrivez le commentaire.' })
    .trim()
    .min(1, 'Écrivez le commentaire.')
    .max(SITE_LOG_LIMITS.comment, `Un commentaire compte au plus ${SITE_LOG_LIMITS.comment} caractères.`),
});
export type SiteLogCommentBody = z.input<typeof siteLogCommentBody>;

export const siteLogJournalQuery = paginationQuery;

const person = z.object({ id: z.number().int(), name: z.string(), role: z.enum(USER_TYPES) });
const entryRef = z.object({ id: z.number().int(), number: z.number().int(), work_date: z.string(), created_at: z.string() });

export const siteLogPhoto = z.object({
  id: z.number().int(),
  /** The image without its metadata. */
  url: z.string(),
  /** The same, at most 320 px wide. */
  thumbnail_url: z.string(),
  content_type: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The capture date the photo's EXIF gave, if any. */
  taken_at: z.string().nullable(),
  /**
   * The GPS position the photo's EXIF gave (decimal degrees), null without one — answered to the
   * professionals and the admin only: absent from the client's answers (decision 1231).
   */
  position: z.object({ latitude: z.number(), longitude: z.number() }).nullable().optional(),
});
export type SiteLogPhoto = z.infer<typeof siteLogPhoto>;

export const siteLogEntry = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  /** 1, 2, 3… in the project's journal. */
  number: z.number().int(),
  work_date: z.string(),
  body: z.string(),
  lot_label: z.string().nullable(),
  weather_stop: z.boolean(),
  weather_note: z.string().nullable(),
  author: person,
  created_at: z.string(),
  /** The entry this one corrects. */
  corrects: entryRef.nullable(),
  /** The entry that corrects this one: shown « corrigée par l’entrée du … ». */
  corrected_by: entryRef.nullable(),
  photos: z.array(siteLogPhoto),
  comments_count: z.number().int(),
  /** Where the entry is cited (decision 1232): an invoice's justification, a reservation's photo — for their parties. */
  cited_by: z.array(siteLogCitation).optional(),
});
export type SiteLogEntry = z.infer<typeof siteLogEntry>;

export const siteLogComment = z.object({ id: z.number().int(), author: person, body: z.string(), created_at: z.string() });
export type SiteLogComment = z.infer<typeof siteLogComment>;

export const siteLogEntryDetail = siteLogEntry.extend({ comments: z.array(siteLogComment) });
export type SiteLogEntryDetail = z.infer<typeof siteLogEntryDetail>;

/** A page of the journal, newest entry first, and what the caller may do in it. */
export const siteLogJournal = paginated(siteLogEntry).extend({
  /** The caller may write entries: the admin, a professional whose tender is accepted (everyone here comments). */
  can_write: z.boolean(),
});
export type SiteLogJournal = z.infer<typeof siteLogJournal>;

const errors = [400, 401, 403, 404, 409, 429] as const;

export const siteLogEndpoints = {
  journal: defineEndpoint({ ...siteLogLines.journal, params: idParam, query: siteLogJournalQuery, response: siteLogJournal, errors }),
  /** JSON (`siteLogEntryFields`) or multipart: the same fields as text, photos in `photos`. */
  writeEntry: defineEndpoint({ ...siteLogLines.writeEntry, params: idParam, response: siteLogEntryDetail, status: 201, errors: [...errors, 413, 415] }),
  entry: defineEndpoint({ ...siteLogLines.entry, params: idParam, response: siteLogEntryDetail, errors }),
  comment: defineEndpoint({ ...siteLogLines.comment, params: idParam, body: siteLogCommentBody, response: siteLogEntryDetail, status: 201, errors }),
};

export const siteLogPhotoQuery = z.object({ taille: z.enum(['vignette', 'originale']).default('originale') });

/** The journal's PDF: in the language named, else in the reader's account language (as their e-mails). */
export const siteLogPdfQuery = z.object({ langue: z.enum(LANGUAGES, { error: 'Langue inconnue : fr, en ou ar.' }).optional() });

/** Binary answers (outside the JSON envelope). */
export const siteLogFilePaths = {
  photo: (id: number) => linePath(siteLogLines.photo, { id }),
  thumbnail: (id: number) => `${linePath(siteLogLines.photo, { id })}?taille=vignette`,
  /** The project's journal as a PDF, in a language of the interface. */
  journalPdf: (projectId: number, language?: string) => `${linePath(siteLogLines.journalPdf, { id: projectId })}${language ? `?langue=${language}` : ''}`,
};
