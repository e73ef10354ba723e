import { describe, expect, it } from 'vitest';
import { conversionRateBp, periodRange } from '../src';

describe('periodRange', () => {
  it('lists the last N months in Paris, the current one included, with their bounds at Paris midnight', () => {
    const r = periodRange('3m', new Date('2026-11-15T12:00:00Z'));
    expect(r.months).toEqual(['2026-09', '2026-10', '2026-11']);
    expect(r.bounds.map((d) => d.toISOString())).toEqual([
      '2026-08-31T22:00:00.000Z',
      '2026-09-30T22:00:00.000Z',
      '2026-10-31T23:00:00.000Z',
      '2026-11-30T23:00:00.000Z',
    ]);
    expect(r.from.toISOString()).toBe('2026-08-31T22:00:00.000Z');
    expect(r.to.toISOString()).toBe('2026-11-30T23:00:00.000Z');
  });

  it('crosses years, and takes the Paris month at 23:30 UTC on 31 December', () => {
    const r = periodRange('3m', new Date('2026-12-31T23:30:00Z'));
    expect(r.months).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(periodRange('24m', new Date('2026-01-10T10:00:00Z')).months[0]).toBe('2024-02');
    expect(periodRange('12m', new Date('2026-01-10T10:00:00Z')).months).toHaveLength(12);
  });
});

describe('conversionRateBp', () => {
  it('is converted ÷ sent in basis points, 0 when nothing was sent', () => {
    expect(conversionRateBp(2, 4)).toBe(5000);
    expect(conversionRateBp(1, 3)).toBe(3333);
    expect(conversionRateBp(0, 0)).toBe(0);
  });
});
