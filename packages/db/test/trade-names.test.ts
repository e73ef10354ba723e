import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRADES } from '../src/seed/professions';

// The interface names trades and services from its own texts outside French (decision 0982).
const localesDir = join(import.meta.dirname, '../../../apps/web/src/features/professionals/trade-names/locales');
type Names = { tradeNames: { professions: Record<string, string>; services: Record<string, string> } };
const names = (lng: string) => (JSON.parse(readFileSync(join(localesDir, `${lng}.json`), 'utf8')) as Names).tradeNames;

const seeded = {
  professions: Object.fromEntries(TRADES.map((t) => [t.slug, t.name])),
  services: Object.fromEntries(TRADES.flatMap((t) => t.services)),
};

describe('the names of trades and services in the interface', () => {
  it('are in French the names the seed gives', () => {
    expect(names('fr').professions).toEqual(seeded.professions);
    expect(names('fr').services).toEqual(seeded.services);
  });

  it('exist in English and Arabic for every seeded trade and service, and are translated', () => {
    for (const lng of ['en', 'ar']) {
      const local = names(lng);
      for (const kind of ['professions', 'services'] as const) {
        expect(Object.keys(local[kind]).sort()).toEqual(Object.keys(seeded[kind]).sort());
        expect(Object.keys(seeded[kind]).filter((slug) => local[kind][slug] === seeded[kind][slug])).toEqual([]);
      }
    }
    for (const text of [...Object.values(names('ar').professions), ...Object.values(names('ar').services)]) expect(text).toMatch(/[\u0600-\u06FF]/);
  });
});
