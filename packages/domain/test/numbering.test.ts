import { describe, expect, it } from 'vitest';
import { formatDocumentNumber, parseDocumentNumber } from '../src';

describe('document numbers', () => {
  it('formats PREFIX-YYYY-NNNN with at least four digits, growing past 9999', () => {
    expect(formatDocumentNumber({ prefix: 'F', year: 2026, sequence: 1 })).toBe('F-2026-0001');
    expect(formatDocumentNumber({ prefix: 'D', year: 2026, sequence: 9999 })).toBe('D-2026-9999');
    expect(formatDocumentNumber({ prefix: 'AV', year: 2027, sequence: 10_000 })).toBe('AV-2027-10000');
  });

  it('refuses what cannot be a number', () => {
    expect(() => formatDocumentNumber({ prefix: 'f', year: 2026, sequence: 1 })).toThrow();
    expect(() => formatDocumentNumber({ prefix: 'F', year: 26, sequence: 1 })).toThrow();
    expect(() => formatDocumentNumber({ prefix: 'F', year: 2026, sequence: 0 })).toThrow();
  });

  it('parses back what it formats, and nothing else', () => {
    for (const sequence of [1, 42, 9999, 10_000, 123_456]) {
      const n = { prefix: 'F', year: 2026, sequence };
      expect(parseDocumentNumber(formatDocumentNumber(n))).toEqual(n);
    }
    expect(parseDocumentNumber('F-2026-001')).toBeNull();
    expect(parseDocumentNumber('F-2026-0000')).toBeNull();
    expect(parseDocumentNumber('F-2026-01000')).toBeNull();
    expect(parseDocumentNumber('F2026-0001')).toBeNull();
    expect(parseDocumentNumber('f-2026-0001')).toBeNull();
  });
});
