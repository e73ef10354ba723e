/**
 * The comparison's lot rows: the union of every quote's lot titles (matched without regard to case,
 * accents or spacing, spelt as first seen), in order of first appearance; per quote the lot's
 * subtotal HT, summed when a quote repeats a title, or null when the quote has no such lot.
 */
export interface AlignedLot {
  title: string;
  amounts: Array<number | null>;
}

const titleKey = (title: string) => title.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

export function alignLots(quotes: ReadonlyArray<{ lots: ReadonlyArray<{ title: string; subtotal_ht_cents: number }> }>): AlignedLot[] {
  const rows = new Map<string, AlignedLot>();
  quotes.forEach((quote, column) => {
    for (const lot of quote.lots) {
      const key = titleKey(lot.title);
      let row = rows.get(key);
      if (!row) {
        row = { title: lot.title.trim(), amounts: quotes.map(() => null) };
        rows.set(key, row);
      }
      row.amounts[column] = (row.amounts[column] ?? 0) + lot.subtotal_ht_cents;
    }
  });
  return [...rows.values()];
}

/** Indexes of the quotes with the lowest TTC total (several when tied); none when there is no quote. */
export function cheapestIndexes(totalsTtc: readonly number[]): number[] {
  if (!totalsTtc.length) return [];
  const min = Math.min(...totalsTtc);
  return totalsTtc.flatMap((total, i) => (total === min ? [i] : []));
}
