import { describe, expect, it } from 'vitest';
import { isolate, ltr } from './bidi';

describe('ltr', () => {
  it('isolates the text and drops the right-to-left marks of Arabic dates', () => {
    expect(ltr('25\u200f/11\u200f/2026')).toBe('\u206625/11/2026\u2069');
    expect(ltr('1 050,00 €')).toBe('\u20661 050,00 €\u2069');
    expect(ltr('')).toBe('');
    expect(ltr(null)).toBe('');
  });
});

describe('isolate', () => {
  it('isolates a name in its own direction (FSI … PDI), nothing for no name', () => {
    expect(isolate('محمد Dupont')).toBe('\u2068محمد Dupont\u2069');
    expect(isolate('')).toBe('');
  });
});
