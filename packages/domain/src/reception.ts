import { addDays, calendarDate, compareCalendarDates, formatCalendarDate, type CalendarDate } from './calendar';
import { refusal, type Refusal } from './refusal';

/**
 * Réception des travaux and the retenue de garantie (decisions 0720, 0721): pure rules, the
 * calendar in Paris days. The réception closes the works (avec réserves when at least one
 * reservation is listed, sans réserve otherwise); its procès-verbal is signed by the client; the
 * retenue withheld on the balance invoice is released one year after the réception (loi 71-584,
 * art. 2) unless a reservation is still open.
 */

export const RECEPTION_STATUSES = ['À signer', 'Signée'] as const;
export type ReceptionStatus = (typeof RECEPTION_STATUSES)[number];

/** « avec réserves » when at least one reservation was listed, else « sans réserve ». */
export const RECEPTION_KINDS = ['sans_reserve', 'avec_reserves'] as const;
export type ReceptionKind = (typeof RECEPTION_KINDS)[number];
export const RECEPTION_KIND_LABELS: Record<ReceptionKind, string> = { sans_reserve: 'Sans réserve', avec_reserves: 'Avec réserves' };

export const receptionKindOf = (reservationCount: number): ReceptionKind => (reservationCount > 0 ? 'avec_reserves' : 'sans_reserve');

export const MAX_RESERVATIONS = 50;
export const RESERVATION_DESCRIPTION_MAX = 2000;
/** A reservation's photo: JPEG or PNG, 8 Mo at most. */
export const RESERVATION_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/** Days before the release date the client and the architect are reminded. */
export const RETENTION_REMINDER_DAYS = 30;

/** The same day `years` later; 29 February becomes 28 February in a common year. */
export function addYears(date: CalendarDate, years: number): CalendarDate {
  const [y, m, d] = date.split('-').map(Number);
  const year = y + years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === 2 && d === 29 && !leap ? 28 : d;
  return calendarDate(`${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
}

/** The retenue is due one year after the réception (the day of the réception one year later). */
export const retentionReleaseDate = (receptionDate: CalendarDate): CalendarDate => addYears(receptionDate, 1);

/** The day the reminder of the release goes out. */
export const retentionReminderDate = (receptionDate: CalendarDate): CalendarDate => addDays(retentionReleaseDate(receptionDate), -RETENTION_REMINDER_DAYS);

/** A réception date: a real day, not in the future. */
export function receptionDateRefusal(date: CalendarDate, today: CalendarDate): Refusal | null {
  if (compareCalendarDates(date, today) > 0) {
    return refusal('RECEPTION_DATE_FUTURE', `La date de réception ne peut pas être postérieure à aujourd’hui (${formatCalendarDate(today)}).`, { today }, 400);
  }
  return null;
}

/** Lifting a reservation: once, on a day between the réception and today. */
export function reservationLiftRefusal(
  r: { liftedOn: CalendarDate | null },
  receptionDate: CalendarDate,
  liftedOn: CalendarDate,
  today: CalendarDate,
): Refusal | null {
  if (r.liftedOn) return refusal('RESERVATION_ALREADY_LIFTED', `Cette réserve a déjà été levée le ${formatCalendarDate(r.liftedOn)}.`, { date: r.liftedOn });
  if (compareCalendarDates(liftedOn, today) > 0) {
    return refusal('RESERVATION_LIFT_FUTURE', `La date de levée ne peut pas être postérieure à aujourd’hui (${formatCalendarDate(today)}).`, { today }, 400);
  }
  if (compareCalendarDates(liftedOn, receptionDate) < 0) {
    return refusal(
      'RESERVATION_LIFT_BEFORE_RECEPTION',
      `La date de levée ne peut pas précéder la réception du ${formatCalendarDate(receptionDate)}.`,
      { date: receptionDate },
      400,
    );
  }
  return null;
}

export type RetentionState = 'none' | 'awaiting_signature' | 'waiting' | 'blocked' | 'releasable' | 'released';

export interface RetentionFacts {
  /** The retenue withheld on the quote's invoices (not cancelled), in cents. */
  retentionCents: number;
  receptionDate: CalendarDate;
  /** The procès-verbal is signed. */
  signed: boolean;
  openReservations: number;
  releasedOn: CalendarDate | null;
}

/**
 * Where the retenue stands today: `none` (nothing withheld), `awaiting_signature` (PV not signed),
 * `released`, `blocked` (a reservation is open), `waiting` (before the release date), `releasable`.
 */
export function retentionState(f: RetentionFacts, today: CalendarDate): RetentionState {
  if (f.releasedOn) return 'released';
  if (f.retentionCents <= 0) return 'none';
  if (!f.signed) return 'awaiting_signature';
  if (f.openReservations > 0) return 'blocked';
  if (compareCalendarDates(today, retentionReleaseDate(f.receptionDate)) < 0) return 'waiting';
  return 'releasable';
}

/** Why the retenue cannot be released today, or null when it can. */
export function retentionReleaseRefusal(f: RetentionFacts, today: CalendarDate): Refusal | null {
  const due = retentionReleaseDate(f.receptionDate);
  switch (retentionState(f, today)) {
    case 'released':
      return refusal('RETENTION_ALREADY_RELEASED', `La retenue de garantie a déjà été libérée le ${formatCalendarDate(f.releasedOn!)}.`, {
        date: f.releasedOn!,
      });
    case 'none':
      return refusal('RETENTION_NONE', 'Aucune retenue de garantie n’est retenue sur les factures de ce devis.');
    case 'awaiting_signature':
      return refusal('RETENTION_PV_NOT_SIGNED', 'Le procès-verbal de réception doit d’abord être signé par le client.');
    case 'blocked':
      return refusal('RETENTION_RESERVATIONS_OPEN', `La retenue ne peut pas être libérée : ${f.openReservations} réserve(s) restent à lever.`, {
        count: f.openReservations,
      });
    case 'waiting':
      return refusal('RETENTION_NOT_DUE', `La retenue de garantie ne peut être libérée qu’à partir du ${formatCalendarDate(due)}.`, { date: due });
    default:
      return null;
  }
}

/** The release reminder is due from RETENTION_REMINDER_DAYS before the release date, while not released. */
export function retentionReminderDue(f: { receptionDate: CalendarDate; releasedOn: CalendarDate | null; signed: boolean }, today: CalendarDate): boolean {
  if (f.releasedOn || !f.signed) return false;
  return compareCalendarDates(today, retentionReminderDate(f.receptionDate)) >= 0;
}
