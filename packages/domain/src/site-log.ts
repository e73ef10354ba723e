import { compareCalendarDates, isCalendarDate, parisInstant, type CalendarDate } from './calendar';
import { refusal, type Refusal } from './refusal';
import { isProfessional, type UserType } from './roles';

/**
 * The site log, journal de chantier (issue 39 §2, decision 1231): dated entries written on a
 * project by the professionals whose tender on it was accepted (and the admin), read by the
 * project's client, who comments on them. An entry is never edited: a correction is a new entry
 * that points to the one it corrects. Entries are numbered per project, 1, 2, 3…, without gaps.
 */

export const SITE_LOG_LIMITS = {
  /** Characters of an entry's text. */
  body: 4000,
  lotLabel: 120,
  weatherNote: 500,
  comment: 2000,
  photos: 10,
  /** Bytes of one photo as sent. */
  photoBytes: 10 * 1024 * 1024,
} as const;

/** The photo kinds an entry takes, recognised from their bytes (never the name). */
export const SITE_LOG_PHOTO_KINDS = ['jpeg', 'png', 'webp'] as const;
export type SiteLogPhotoKind = (typeof SITE_LOG_PHOTO_KINDS)[number];

export const SITE_LOG_ERRORS = {
  notAWriter: 'SITE_LOG_NOT_A_WRITER',
  futureDate: 'SITE_LOG_FUTURE_DATE',
  weatherNoteWithoutStop: 'SITE_LOG_WEATHER_NOTE_WITHOUT_STOP',
  tooManyPhotos: 'SITE_LOG_TOO_MANY_PHOTOS',
  photoType: 'SITE_LOG_PHOTO_TYPE',
  photoTooLarge: 'SITE_LOG_PHOTO_TOO_LARGE',
  photoUnreadable: 'SITE_LOG_PHOTO_UNREADABLE',
  correctionOtherProject: 'SITE_LOG_CORRECTION_OTHER_PROJECT',
  alreadyCorrected: 'SITE_LOG_ALREADY_CORRECTED',
} as const;

/**
 * May this caller write entries in the project's journal? The admin, and a professional whose
 * tender on the project is accepted (`acceptedProfessionalIds`, from the tenders module). The
 * project's client reads and comments, but does not write entries.
 */
export function siteLogWriterRefusal(caller: { id: number; user_type: UserType }, acceptedProfessionalIds: readonly number[]): Refusal | null {
  if (caller.user_type === 'admin') return null;
  if (isProfessional(caller.user_type) && acceptedProfessionalIds.includes(caller.id)) return null;
  return refusal(SITE_LOG_ERRORS.notAWriter, 'Seuls les professionnels retenus sur ce projet écrivent dans son journal de chantier.', {}, 403);
}

export interface SiteLogEntryDraft {
  workDate: CalendarDate;
  weatherStop: boolean;
  weatherNote: string;
  photoCount: number;
}

/**
 * Why an entry cannot be written as it stands (its text and labels are checked by the contract's
 * schema): a day of works after today in Paris, a weather note without a stoppage, too many photos.
 */
export function siteLogEntryRefusal(entry: SiteLogEntryDraft, today: CalendarDate): Refusal | null {
  if (compareCalendarDates(entry.workDate, today) > 0)
    return refusal(
      SITE_LOG_ERRORS.futureDate,
      `Le journal consigne des jours passés ou le jour même : le ${entry.workDate} est à venir.`,
      { date: entry.workDate },
      400,
    );
  if (!entry.weatherStop && entry.weatherNote.trim() !== '')
    return refusal(SITE_LOG_ERRORS.weatherNoteWithoutStop, 'La note d’intempéries accompagne un arrêt pour intempéries.', {}, 400);
  if (entry.photoCount > SITE_LOG_LIMITS.photos)
    return refusal(SITE_LOG_ERRORS.tooManyPhotos, `Au plus ${SITE_LOG_LIMITS.photos} photos par entrée.`, { max: SITE_LOG_LIMITS.photos }, 400);
  return null;
}

/**
 * May the new entry correct this one? It must be an entry of the same project, not corrected yet
 * (a correction of a correction points to the latest one, so the chain reads in order).
 */
export function siteLogCorrectionRefusal(
  corrected: { projectId: number; number: number; correctedByNumber: number | null },
  projectId: number,
): Refusal | null {
  if (corrected.projectId !== projectId)
    return refusal(SITE_LOG_ERRORS.correctionOtherProject, 'L’entrée corrigée doit appartenir au journal de ce projet.', {}, 400);
  if (corrected.correctedByNumber !== null)
    return refusal(
      SITE_LOG_ERRORS.alreadyCorrected,
      `L’entrée n° ${corrected.number} est déjà corrigée par l’entrée n° ${corrected.correctedByNumber} : corrigez plutôt celle-ci.`,
      { number: corrected.number, by: corrected.correctedByNumber },
    );
  return null;
}

/** Why a photo is refused: a kind other than JPEG, PNG or WebP (read from its bytes), or too large. */
export function siteLogPhotoRefusal(photo: { name: string; kind: string | undefined; size: number }): Refusal | null {
  if (!photo.kind || !(SITE_LOG_PHOTO_KINDS as readonly string[]).includes(photo.kind))
    return refusal(SITE_LOG_ERRORS.photoType, `La photo « ${photo.name} » n’est pas une image JPEG, PNG ou WebP.`, { name: photo.name }, 400);
  if (photo.size > SITE_LOG_LIMITS.photoBytes)
    return refusal(
      SITE_LOG_ERRORS.photoTooLarge,
      `La photo « ${photo.name} » dépasse ${SITE_LOG_LIMITS.photoBytes / (1024 * 1024)} Mo.`,
      { name: photo.name, max_mb: SITE_LOG_LIMITS.photoBytes / (1024 * 1024) },
      400,
    );
  return null;
}

/**
 * The instant an EXIF `DateTimeOriginal` names (`2026:11:20 09:30:00`): at its
 * `OffsetTimeOriginal` (`+01:00`) when the camera wrote one, else read as Paris time. Null when it
 * is not a real date and time, or a camera's unset clock (before 1990).
 */
export function exifCaptureInstant(value: string, offset?: string | null): Date | null {
  const match = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s = '00'] = match;
  const day = `${y}-${mo}-${d}`;
  const [hour, minute, second] = [Number(h), Number(mi), Number(s)];
  if (!isCalendarDate(day) || Number(y) < 1990 || hour > 23 || minute > 59 || second > 59) return null;
  const zone = offset?.trim();
  if (zone && /^[+-]\d{2}:\d{2}$/.test(zone)) return new Date(`${day}T${h}:${mi}:${s}${zone}`);
  return new Date(parisInstant(day, hour, minute).getTime() + second * 1000);
}
