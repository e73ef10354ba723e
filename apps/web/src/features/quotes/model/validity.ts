import { daysBetween, isCalendarDate, systemClock, todayInParis, type Clock } from '@ouvrage/domain';

/**
 * How long an open quote can still be accepted, in Paris days: 0 on its last day, negative once
 * past. Null when it has no validity date (a draft).
 */
export function daysLeft(validUntil: string | null, clock: Clock = systemClock): number | null {
  if (!validUntil || !isCalendarDate(validUntil)) return null;
  return daysBetween(todayInParis(clock), validUntil);
}
