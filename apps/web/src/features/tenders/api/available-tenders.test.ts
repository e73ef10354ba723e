import { describe, expect, it } from 'vitest';
import { deadlineRefetchDelay } from './available-tenders';

describe('the badge refetch after its first deadline', () => {
  const now = Date.parse('2026-11-26T10:00:00Z');
  it('waits until a second after the deadline', () => {
    expect(deadlineRefetchDelay(now + 60_000, now)).toBe(61_000);
  });
  it('waits at least 5 s, even for a deadline the browser thinks is past', () => {
    expect(deadlineRefetchDelay(now + 1000, now)).toBe(5000);
    expect(deadlineRefetchDelay(now - 60_000, now)).toBe(5000);
  });
  it('never asks setTimeout for more than it accepts', () => {
    expect(deadlineRefetchDelay(now + 90 * 86_400_000, now)).toBe(2_147_000_000);
  });
});
