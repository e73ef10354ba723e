import { describe, expect, it } from 'vitest';
import { businessLatePenalty, calendarDate, halfYearStartOf, latePaymentRateOn, latePaymentRateRefusal, type LatePaymentRate } from '../src';

const rate = (halfYearStart: string, ecbRateBp: number, legalRateBp: number): LatePaymentRate => ({
  halfYearStart: calendarDate(halfYearStart),
  ecbRateBp,
  legalRateBp,
});
const SERIES = [rate('2025-07-01', 215, 276), rate('2026-01-01', 215, 262)];

describe('late-payment rate between professionals (C. com. L441-10)', () => {
  it('is never 0 %: a quote at 0 % gets ECB + 10 points of the half-year (2,15 % → 12,15 %)', () => {
    expect(businessLatePenalty(0, SERIES[1])).toEqual({ rateBp: 1215, basis: 'ecb', ecbRateBp: 215, halfYearStart: '2026-01-01' });
  });

  it('keeps an agreed rate of at least 3 × the legal interest rate, and replaces a lower one by the default', () => {
    expect(businessLatePenalty(786, SERIES[1])).toEqual({ rateBp: 786, basis: 'agreed' }); // 3 × 2,62 %
    expect(businessLatePenalty(785, SERIES[1])).toMatchObject({ rateBp: 1215, basis: 'ecb' });
    expect(businessLatePenalty(1500, SERIES[1])).toEqual({ rateBp: 1500, basis: 'agreed' });
  });

  it('takes the half-year of the date, or the latest earlier one until the admin enters it', () => {
    expect(halfYearStartOf(calendarDate('2026-06-30'))).toBe('2026-01-01');
    expect(halfYearStartOf(calendarDate('2026-07-01'))).toBe('2026-07-01');
    expect(latePaymentRateOn(SERIES, calendarDate('2025-12-31'))).toEqual({ rate: SERIES[0], current: true });
    expect(latePaymentRateOn(SERIES, calendarDate('2026-03-15'))).toEqual({ rate: SERIES[1], current: true });
    expect(latePaymentRateOn(SERIES, calendarDate('2026-12-01'))).toEqual({ rate: SERIES[1], current: false });
    expect(latePaymentRateOn(SERIES, calendarDate('2025-06-30'))).toBeNull();
  });

  it('refuses a half-year that does not start on 1 January or 1 July, and rates whose default is below 3 × legal', () => {
    expect(latePaymentRateRefusal(rate('2026-03-01', 215, 262))?.code).toBe('LATE_RATE_HALF_YEAR_INVALID');
    expect(latePaymentRateRefusal(rate('2026-07-01', 215, 500))?.code).toBe('LATE_RATE_BELOW_LEGAL_MINIMUM');
    expect(latePaymentRateRefusal(rate('2026-07-01', 215, 262))).toBeNull();
  });
});
