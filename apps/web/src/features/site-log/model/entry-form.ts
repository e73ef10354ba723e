import type { i18n as I18n } from 'i18next';
import type { SiteLogEntry } from '@ouvrage/contracts';
import { calendarDateAt, SITE_LOG_ERRORS, SITE_LOG_LIMITS } from '@ouvrage/domain';
import { ApiError } from '../../../lib/api-client';
import { fieldErrors, translateError } from '../../../lib/use-error-message';

/** What the writer types for an entry — kept as typed when the server refuses it. */
export interface EntryDraft {
  /** `YYYY-MM-DD`, `''` when empty. */
  work_date: string;
  body: string;
  lot_label: string;
  weather_stop: boolean;
  weather_note: string;
  /** The entry this one corrects (the journal is never edited). */
  corrects_entry_id: number | null;
  photos: File[];
}

export type EntryField = 'work_date' | 'body' | 'lot_label' | 'weather_note' | 'photos' | 'corrects_entry_id';

/** A new entry: today in Paris, nothing else. */
export function emptyDraft(now: Date = new Date()): EntryDraft {
  return { work_date: calendarDateAt(now), body: '', lot_label: '', weather_stop: false, weather_note: '', corrects_entry_id: null, photos: [] };
}

/** A correction: the corrected entry's day, lot, weather and text to amend, no photo. */
export function correctionDraft(entry: SiteLogEntry): EntryDraft {
  return {
    work_date: entry.work_date,
    body: entry.body,
    lot_label: entry.lot_label ?? '',
    weather_stop: entry.weather_stop,
    weather_note: entry.weather_note ?? '',
    corrects_entry_id: entry.id,
    photos: [],
  };
}

/** The photos added to the ones already chosen, at most `SITE_LOG_LIMITS.photos`. */
export function addPhotos(current: File[], added: Iterable<File>): File[] {
  return [...current, ...added].slice(0, SITE_LOG_LIMITS.photos);
}

/** The multipart form the API reads: the fields as text, the photos in `photos`; the weather note only with a stoppage. */
export function entryForm(draft: EntryDraft): FormData {
  const form = new FormData();
  form.append('work_date', draft.work_date);
  form.append('body', draft.body);
  if (draft.lot_label.trim()) form.append('lot_label', draft.lot_label);
  form.append('weather_stop', draft.weather_stop ? 'true' : 'false');
  if (draft.weather_stop && draft.weather_note.trim()) form.append('weather_note', draft.weather_note);
  if (draft.corrects_entry_id !== null) form.append('corrects_entry_id', String(draft.corrects_entry_id));
  for (const photo of draft.photos) form.append('photos', photo, photo.name);
  return form;
}

/** Refusals that name no field but are about one: shown next to it. */
const REFUSAL_FIELDS: Record<string, EntryField> = {
  [SITE_LOG_ERRORS.futureDate]: 'work_date',
  [SITE_LOG_ERRORS.weatherNoteWithoutStop]: 'weather_note',
  [SITE_LOG_ERRORS.tooManyPhotos]: 'photos',
  [SITE_LOG_ERRORS.photoType]: 'photos',
  [SITE_LOG_ERRORS.photoTooLarge]: 'photos',
  [SITE_LOG_ERRORS.photoUnreadable]: 'photos',
  [SITE_LOG_ERRORS.correctionOtherProject]: 'corrects_entry_id',
  [SITE_LOG_ERRORS.alreadyCorrected]: 'corrects_entry_id',
  PAYLOAD_TOO_LARGE: 'photos',
};
const FIELDS: readonly string[] = ['work_date', 'body', 'lot_label', 'weather_note', 'photos', 'corrects_entry_id'];

/**
 * Where to show a refusal: next to its field, in the reader's language (the refusal's code
 * translated, its parameters filled in: « La photo « x.gif » n'est pas… »); what belongs to no
 * field stays for the form's alert.
 */
export function entryErrors(error: unknown, i18n: I18n): { fields: Partial<Record<EntryField, string>>; general: unknown } {
  if (!error) return { fields: {}, general: null };
  const fields: Partial<Record<EntryField, string>> = {};
  for (const [name, message] of Object.entries(fieldErrors(error, i18n))) if (FIELDS.includes(name)) fields[name as EntryField] = message;
  const pinned = error instanceof ApiError ? REFUSAL_FIELDS[error.code] : undefined;
  // The refusal's own sentence (with the photo's name) rather than a field's short one.
  if (pinned) fields[pinned] = translateError(i18n, error);
  return { fields, general: Object.keys(fields).length === 0 ? error : null };
}
