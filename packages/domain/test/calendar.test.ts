import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDate,
  calendarDateAt,
  daysBetween,
  FixedClock,
  formatCalendarDate,
  formatParisDateTime,
  isCalendarDate,
  isOverdue,
  parisMidnight,
  parisYear,
  parseCalendarDate,
  todayInParis,
} from '../src';

describe('calendar dates', () => {
  it('accepts only real days as YYYY-MM-DD', () => {
    expect(isCalendarDate('2026-11-22')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('22/11/2026')).toBe(false);
    expect(isCalendarDate('2026-11-22T00:00:00Z')).toBe(false);
    expect(parseCalendarDate(' 2026-11-22 ')).toEqual({ ok: true, value: '2026-11-22' });
    const bad = parseCalendarDate('2026-02-30');
    expect(!bad.ok && bad.refusal.code).toBe('DATE_INVALID');
    expect(() => calendarDate('hier')).toThrow();
  });

  it('adds days and counts them across months, years and daylight-saving changes', () => {
    expect(addDays(calendarDate('2026-12-31'), 1)).toBe('2027-01-01');
    expect(addDays(calendarDate('2026-03-28'), 2)).toBe('2026-03-30');
    expect(addDays(calendarDate('2026-03-01'), -1)).toBe('2026-02-28');
    expect(daysBetween(calendarDate('2026-10-24'), calendarDate('2026-10-26'))).toBe(2);
    expect(daysBetween(calendarDate('2026-12-31'), calendarDate('2026-01-01'))).toBe(-364);
  });

  it('is overdue from the day after the due date', () => {
    const due = calendarDate('2026-11-30');
    expect(isOverdue(due, calendarDate('2026-11-29'))).toBe(false);
    expect(isOverdue(due, calendarDate('2026-11-30'))).toBe(false);
    expect(isOverdue(due, calendarDate('2026-12-01'))).toBe(true);
  });
});

describe('Paris time', () => {
  it('today is the day in Paris at the clock’s instant, not the UTC day', () => {
    // 23:30 UTC on 22 November is 00:30 on 23 November in Paris (UTC+1 in winter).
    expect(todayInParis(new FixedClock('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(todayInParis(new FixedClock('2026-11-22T22:59:59Z'))).toBe('2026-11-22');
    // Summer: UTC+2.
    expect(todayInParis(new FixedClock('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
    expect(todayInParis(new FixedClock('2026-07-14T21:59:59Z'))).toBe('2026-07-14');
    expect(calendarDateAt(new Date('2026-11-23T02:00:00Z'), 'America/Martinique')).toBe('2026-11-22');
  });

  it('the Paris year changes at Paris midnight on 31 December', () => {
    expect(parisYear(new Date('2026-12-31T22:59:59Z'))).toBe(2026);
    expect(parisYear(new Date('2026-12-31T23:00:00Z'))).toBe(2027);
    expect(parisYear(new Date('2026-12-31T23:30:00Z'))).toBe(2027);
  });

  it('midnight in Paris as an instant, winter and summer', () => {
    expect(parisMidnight(calendarDate('2026-11-22')).toISOString()).toBe('2026-11-21T23:00:00.000Z');
    expect(parisMidnight(calendarDate('2026-07-14')).toISOString()).toBe('2026-07-13T22:00:00.000Z');
    // The day clocks go forward (29 March 2026) starts at UTC+1; the next at UTC+2.
    expect(parisMidnight(calendarDate('2026-03-29')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(parisMidnight(calendarDate('2026-03-30')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(parisMidnight(calendarDate('2026-10-25')).toISOString()).toBe('2026-10-24T22:00:00.000Z');
  });

  it('formats a date as itself and an instant in Paris time', () => {
    expect(formatCalendarDate(calendarDate('2026-11-02'))).toBe('02/11/2026');
    expect(formatParisDateTime(new Date('2026-11-22T12:00:00Z'))).toBe('22/11/2026 13:00');
    expect(formatParisDateTime('2026-11-22T23:30:00Z')).toBe('23/11/2026 00:30');
    expect(formatParisDateTime(new Date('2026-11-22T12:00:00Z'), 'long')).toBe('dimanche 22 novembre 2026 à 13:00');
  });
});
