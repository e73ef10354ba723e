import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ES module script without types
import { mergeLocales } from '../../../../scripts/build-locales.mjs';

/**
 * A phone example written in an Arabic sentence, « 06 12 34 56 78 », reads « 78 56 34 12 06 »
 * unless it is isolated left to right: the spaces between its groups take the sentence's
 * direction. Every such figure group of the Arabic texts sits inside LRI … PDI (decision 1206).
 */
function strings(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

const GROUPS = /\+?\d{1,4}(?: \d{2,4}){2,}/g;

describe('figure groups in Arabic texts', () => {
  it('are isolated left to right', () => {
    const { ar } = mergeLocales() as Record<string, unknown>;
    const bare: string[] = [];
    for (const [key, text] of strings(ar)) {
      for (const match of text.matchAll(GROUPS)) {
        const before = text[match.index - 1];
        const after = text[match.index + match[0].length];
        if (before !== '\u2066' || after !== '\u2069') bare.push(`${key}: ${match[0]}`);
      }
    }
    expect(bare).toEqual([]);
  });
});
