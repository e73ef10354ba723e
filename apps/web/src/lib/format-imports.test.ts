import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Amounts on screen follow the interface's language (decision 0923): « 1 234,56 € » in French,
 * "€1,234.56" in English, Western digits in Arabic, each in its own order. The domain's
 * `formatEuros` is the French rule only: in an Arabic table, « 5 442,83 € » showed as
 * « € 442,83 5 ». Screens take it from `lib/format`; the money field keeps the French rule, which
 * is what it parses back.
 */
const src = join(import.meta.dirname, '..');
const FRENCH_ON_PURPOSE = new Set(['lib/format.ts', 'components/ui/money-input.tsx']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('amounts on screen', () => {
  it('are formatted in the interface’s language: no screen takes the French-only formatter', () => {
    const offenders = sources(src)
      .map((path) => relative(src, path))
      .filter((path) => !FRENCH_ON_PURPOSE.has(path))
      .filter((path) => /import \{[^}]*\bformatEuros\b[^}]*\} from '@ouvrage\/domain'/.test(readFileSync(join(src, path), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
