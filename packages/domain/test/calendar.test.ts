import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDate,
  calendarDateAt,
  daysBetween,
  FixedClock,
  formatCalendarDate,
  formatParisDateTime,
  formatParisTime,
  isCalendarDate,
  isOverdue,
  parisDateTimeInput,
  parisInstant,
  parisMidnight,
  parisMonths,
  parisYear,
  parseCalendarDate,
  parseParisDateTime,
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

describe('Paris wall-clock times around midnight and the daylight-saving changes', () => {
  // 2026: clocks go forward on 29 March at 01:00 UTC (02:00 → 03:00), back on 25 October at 01:00 UTC (03:00 → 02:00).
  it('23:30 UTC is the next day in Paris, winter and summer, and on the change days', () => {
    expect(calendarDateAt(new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-16');
    expect(calendarDateAt(new Date('2026-07-15T23:30:00Z'))).toBe('2026-07-16');
    expect(calendarDateAt(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-29');
    expect(calendarDateAt(new Date('2026-03-29T21:59:59Z'))).toBe('2026-03-29');
    expect(calendarDateAt(new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
    expect(calendarDateAt(new Date('2026-10-25T22:59:59Z'))).toBe('2026-10-25');
    expect(calendarDateAt(new Date('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
  });

  it('reads a typed date and time as Paris clocks show it, whatever the typist’s zone', () => {
    expect(parseParisDateTime('2026-11-22T18:00')?.toISOString()).toBe('2026-11-22T17:00:00.000Z');
    expect(parseParisDateTime('2026-07-14T18:00')?.toISOString()).toBe('2026-07-14T16:00:00.000Z');
    expect(parseParisDateTime('2026-11-22T00:00')?.toISOString()).toBe('2026-11-21T23:00:00.000Z');
    expect(parseParisDateTime('2026-03-29T01:59')?.toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(parseParisDateTime('2026-03-29T03:00')?.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // The skipped hour reads as the clocks show it one hour later; the repeated one, the first time.
    expect(parseParisDateTime('2026-03-29T02:30')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(parseParisDateTime('2026-10-25T02:30')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(parseParisDateTime('2026-10-25T03:00')?.toISOString()).toBe('2026-10-25T02:00:00.000Z');
    for (const bad of ['', '2026-02-30T10:00', '2026-11-22T24:00', '2026-11-22T10:60', '2026-11-22 10:00', '22/11/2026T10:00'])
      expect(parseParisDateTime(bad)).toBeNull();
    expect(() => parisInstant(calendarDate('2026-11-22'), 24, 0)).toThrow(RangeError);
  });

  it('shows an instant as the Paris date-and-time field value', () => {
    expect(parisDateTimeInput('2026-11-22T23:30:00Z')).toBe('2026-11-23T00:30');
    expect(parisDateTimeInput(new Date('2026-07-14T21:59:00Z'))).toBe('2026-07-14T23:59');
    expect(parisDateTimeInput('2026-10-25T00:30:00Z')).toBe('2026-10-25T02:30');
    expect(parisDateTimeInput('2026-10-25T01:30:00Z')).toBe('2026-10-25T02:30');
    expect(formatParisTime(new Date('2026-11-23T13:02:07Z'))).toBe('14:02');
    expect(formatParisTime(new Date('2026-11-23T13:02:07Z'), true)).toBe('14:02:07');
  });

  it('property: a Paris field value read back is the instant, to the minute, outside the repeated hour', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2060-12-31T23:59:00Z'), noInvalidDate: true }), (d) => {
        const minute = new Date(Math.floor(d.getTime() / 60_000) * 60_000);
        const shown = parisDateTimeInput(minute);
        const back = parseParisDateTime(shown)!;
        // The hour shown twice in October reads as its first (summer) pass: an hour earlier at most.
        expect([0, 3_600_000]).toContain(minute.getTime() - back.getTime());
        expect(parisDateTimeInput(back)).toBe(shown);
        if (minute.getTime() !== back.getTime()) expect(shown.slice(11, 13)).toBe('02');
      }),
      { numRuns: 2000 },
    );
  });

  it('property: the Paris day starts at Paris midnight, and 23:30 UTC is never the UTC day in Paris', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2060-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        const day = calendarDateAt(d);
        expect(parisMidnight(day).getTime()).toBeLessThanOrEqual(d.getTime());
        expect(parisMidnight(addDays(day, 1)).getTime()).toBeGreaterThan(d.getTime());
        const lateUtc = new Date(`${d.toISOString().slice(0, 10)}T23:30:00Z`);
        expect(calendarDateAt(lateUtc)).toBe(addDays(calendarDate(d.toISOString().slice(0, 10)), 1));
      }),
      { numRuns: 1000 },
    );
  });

  it('formats like the fr-FR Paris formatter it replaces, to the second', () => {
    const reference = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'medium' });
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2060-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        expect(`${formatCalendarDate(calendarDateAt(d))} ${formatParisTime(d, true)}`).toBe(reference.format(d));
        expect(formatParisDateTime(d, 'seconds')).toBe(reference.format(d));
      }),
      { numRuns: 500 },
    );
    const english = formatParisDateTime(new Date('2026-11-22T23:30:00Z'), 'long', 'en-GB');
    expect(english).toMatch(/Monday,? 23 November 2026/);
    expect(english).toContain('00:30');
  });

  it('the Paris months of a period and their bounds, across both changes and the year', () => {
    const { months, bounds } = parisMonths(calendarDate('2026-02-01'), calendarDate('2026-04-01'));
    expect(months).toEqual(['2026-02', '2026-03']);
    expect(bounds.map((b) => b.toISOString())).toEqual(['2026-01-31T23:00:00.000Z', '2026-02-28T23:00:00.000Z', '2026-03-31T22:00:00.000Z']);
    expect(parisMonths(calendarDate('2026-12-01'), calendarDate('2027-01-01')).months).toEqual(['2026-12']);
    expect(parisMonths(calendarDate('2026-10-01'), calendarDate('2026-12-01')).bounds.map((b) => b.toISOString())).toEqual([
      '2026-09-30T22:00:00.000Z',
      '2026-10-31T23:00:00.000Z',
      '2026-11-30T23:00:00.000Z',
    ]);
    expect(parisMonths(calendarDate('2026-04-01'), calendarDate('2026-04-01'))).toEqual({ months: [], bounds: [new Date('2026-03-31T22:00:00.000Z')] });
  });
});
