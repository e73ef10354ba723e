import { describe, expect, it } from 'vitest';
import { FixedClock } from '@ouvrage/domain';
import { daysLeft } from './validity';

describe('daysLeft', () => {
  it('counts Paris days to the validity date: 0 on the last day, negative after', () => {
    // 23:30 UTC on 17 November is already the 18th in Paris.
    const clock = new FixedClock('2026-11-17T23:30:00Z');
    expect(daysLeft('2026-11-23', clock)).toBe(5);
    expect(daysLeft('2026-11-18', clock)).toBe(0);
    expect(daysLeft('2026-11-17', clock)).toBe(-1);
    expect(daysLeft(null, clock)).toBeNull();
  });
});
