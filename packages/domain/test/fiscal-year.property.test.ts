import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, fiscalYearOf, fiscalYearPeriod, type CalendarDate } from '../src';

/** An independent reference: the length of each month by the Gregorian rule, counted by hand. */
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const monthLength = (y: number, m: number) => [31, leap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const referenceEnd = (y: number, m: number) => `${pad(y, 4)}-${pad(m)}-${pad(monthLength(y, m))}`;
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

describe('the fiscal year a FEC covers (decision 1210)', () => {
  it('ends on the closing month’s last day, starts the day after the previous one, and the exercices tile the calendar', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2001, max: 2099 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const period = fiscalYearPeriod(year, month);
        expect(period.end).toBe(referenceEnd(year, month));
        expect(daysBetween(referenceEnd(year - 1, month), period.start)).toBe(1);
        expect([364, 365]).toContain(daysBetween(period.start, period.end));
        expect(fiscalYearPeriod(year + 1, month).start).toBe(addDays(period.end, 1));
      }),
    );
  });

  it('puts every day in the exercice that contains it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2001, max: 2099 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 365 }), (year, month, offset) => {
        const period = fiscalYearPeriod(year, month);
        const day = addDays(period.start, Math.min(offset, daysBetween(period.start, period.end))) as CalendarDate;
        expect(fiscalYearOf(day, month)).toBe(year);
      }),
    );
  });

  it('a June closing: the exercice 2026 runs from 1 July 2025 to 30 June 2026; a February one ends on the 29th in a leap year', () => {
    expect(fiscalYearPeriod(2026, 6)).toEqual({ start: '2025-07-01', end: '2026-06-30' });
    expect(fiscalYearPeriod(2026, 12)).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    expect(fiscalYearPeriod(2028, 2)).toEqual({ start: '2027-03-01', end: '2028-02-29' });
  });
});
