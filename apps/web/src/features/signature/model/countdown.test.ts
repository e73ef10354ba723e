import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsUntil, sha256Hex } from './countdown';

describe('the code countdown', () => {
  it('counts whole seconds down to zero', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(secondsUntil('2026-11-23T10:10:00Z', now)).toBe(600);
    expect(secondsUntil('2026-11-23T10:00:00.200Z', now)).toBe(1);
    expect(secondsUntil('2026-11-23T09:59:00Z', now)).toBe(0);
    expect(secondsUntil(null, now)).toBe(0);
  });
  it('shows minutes and seconds', () => {
    expect(formatCountdown(545)).toBe('9:05');
    expect(formatCountdown(0)).toBe('0:00');
  });
  it('hashes like the server', async () => {
    expect(await sha256Hex(new TextEncoder().encode('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
