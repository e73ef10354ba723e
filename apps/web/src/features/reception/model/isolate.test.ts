import { describe, expect, it } from 'vitest';
import { ltr } from './isolate';

describe('ltr', () => {
  it('isolates the text and drops the right-to-left marks of an Arabic date', () => {
    expect(ltr('25\u200f/11\u200f/2026')).toBe('\u206625/11/2026\u2069');
    expect(ltr('')).toBe('');
    expect(ltr(null)).toBe('');
  });
});
