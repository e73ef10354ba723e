import { describe, expect, it } from 'vitest';
import { formatSignCode, isSignCodeExpired, isSignCodeShape, signCodeExpiry, signCodeResendWait } from '../src/signature';

const t0 = new Date('2026-11-23T10:00:00Z');
const after = (s: number) => new Date(t0.getTime() + s * 1000);

describe('sign code', () => {
  it('pads to six digits and refuses out of range numbers', () => {
    expect(formatSignCode(42)).toBe('000042');
    expect(formatSignCode(999_999)).toBe('999999');
    expect(() => formatSignCode(1_000_000)).toThrow(RangeError);
    expect(() => formatSignCode(-1)).toThrow(RangeError);
    expect(isSignCodeShape('012345')).toBe(true);
    expect(isSignCodeShape('12345')).toBe(false);
    expect(isSignCodeShape('12345a')).toBe(false);
  });

  it('expires exactly 10 minutes after it was sent', () => {
    const expiry = signCodeExpiry(t0);
    expect(expiry.toISOString()).toBe('2026-11-23T10:10:00.000Z');
    expect(isSignCodeExpired(expiry, after(599))).toBe(false);
    expect(isSignCodeExpired(expiry, after(600))).toBe(true);
  });
});

describe('resend wait', () => {
  it('is zero with nothing sent and 60 s after the last code', () => {
    expect(signCodeResendWait([], t0)).toBe(0);
    expect(signCodeResendWait([t0], after(1))).toBe(59);
    expect(signCodeResendWait([t0], after(59.5))).toBe(1);
    expect(signCodeResendWait([t0], after(60))).toBe(0);
  });

  it('allows five codes in a sliding hour', () => {
    const sent = [0, 60, 120, 180, 240].map(after);
    expect(signCodeResendWait(sent.slice(0, 4), after(300))).toBe(0);
    expect(signCodeResendWait(sent, after(300))).toBe(3600 - 300);
    expect(signCodeResendWait(sent, after(3600))).toBe(0);
    // Older sends outside the hour do not count.
    expect(signCodeResendWait([after(-4000), ...sent.slice(1)], after(300))).toBe(0);
  });
});
