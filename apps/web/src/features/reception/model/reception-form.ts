import { calendarDateAt } from '@ouvrage/domain';

/** The réception form's state, checked in the browser before sending (the API decides). */
export interface ReservationDraft {
  key: number;
  lotIndex: string | null;
  description: string;
  photo: File | null;
}

export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png'];

export type DraftProblem = 'lot' | 'description' | 'photoType' | 'photoSize';

/** What is wrong with a reservation, or null. */
export function draftProblem(r: ReservationDraft): DraftProblem | null {
  if (r.lotIndex === null) return 'lot';
  if (!r.description.trim()) return 'description';
  if (r.photo && !PHOTO_TYPES.includes(r.photo.type)) return 'photoType';
  if (r.photo && r.photo.size > PHOTO_MAX_BYTES) return 'photoSize';
  return null;
}

/** Today in Paris as 'YYYY-MM-DD' (the default réception date): the domain's calendar says which day. */
export function parisToday(now = new Date()): string {
  return calendarDateAt(now);
}
