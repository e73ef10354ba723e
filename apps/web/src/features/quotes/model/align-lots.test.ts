import { describe, expect, it } from 'vitest';
import { alignLots, cheapestAmongSameScope, cheapestIndexes } from './align-lots';

describe('alignLots', () => {
  it('makes one row per lot title across the quotes, null where a quote has no such lot', () => {
    const rows = alignLots([
      {
        lots: [
          { title: 'Gros œuvre', subtotal_ht_cents: 100 },
          { title: 'Plomberie', subtotal_ht_cents: 200 },
        ],
      },
      {
        lots: [
          { title: 'Plomberie', subtotal_ht_cents: 250 },
          { title: 'Électricité', subtotal_ht_cents: 300 },
        ],
      },
      { lots: [] },
    ]);
    expect(rows).toEqual([
      { title: 'Gros œuvre', amounts: [100, null, null] },
      { title: 'Plomberie', amounts: [200, 250, null] },
      { title: 'Électricité', amounts: [null, 300, null] },
    ]);
  });

  it('matches titles without regard to case, accents or spacing, and sums a repeated title', () => {
    const rows = alignLots([
      {
        lots: [
          { title: 'Électricité', subtotal_ht_cents: 100 },
          { title: 'electricite ', subtotal_ht_cents: 50 },
        ],
      },
      { lots: [{ title: 'ÉLECTRICITÉ', subtotal_ht_cents: 120 }] },
    ]);
    expect(rows).toEqual([{ title: 'Électricité', amounts: [150, 120] }]);
  });
});

describe('cheapestIndexes', () => {
  it('names the lowest total, all of them when tied', () => {
    expect(cheapestIndexes([300, 120, 500])).toEqual([1]);
    expect(cheapestIndexes([120, 300, 120])).toEqual([0, 2]);
    expect(cheapestIndexes([])).toEqual([]);
  });
});

describe('cheapestAmongSameScope', () => {
  const q = (ttc: number, ...titles: string[]) => ({ lots: titles.map((title) => ({ title })), totals: { total_ttc_cents: ttc } });
  it('compares only quotes with the same set of lots (titles matched as the rows are)', () => {
    expect(cheapestAmongSameScope([q(500, 'Plomberie', 'Électricité'), q(400, 'electricite', 'Plomberie'), q(90, 'Plomberie')])).toEqual({
      cheapest: [1],
      scopesDiffer: true,
    });
    expect(cheapestAmongSameScope([q(500, 'Plomberie'), q(400, 'Plomberie')])).toEqual({ cheapest: [1], scopesDiffer: false });
    expect(cheapestAmongSameScope([q(500, 'Plomberie'), q(400, 'Gros œuvre')])).toEqual({ cheapest: [], scopesDiffer: true });
    expect(cheapestAmongSameScope([q(500, 'Plomberie')])).toEqual({ cheapest: [], scopesDiffer: false });
    expect(cheapestAmongSameScope([q(1, 'A'), q(1, 'A'), q(3, 'B'), q(2, 'B')])).toEqual({ cheapest: [0, 1, 3], scopesDiffer: true });
  });
});
