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

type ScopedQuote = { lots: ReadonlyArray<{ title: string }>; totals: { total_ttc_cents: number } };

/** A quote's scope: the set of its lot titles, matched as the rows are. */
const scopeOf = (quote: ScopedQuote) => [...new Set(quote.lots.map((lot) => titleKey(lot.title)))].sort().join('\u0000');

/**
 * « Le moins cher » compares like with like: quotes are grouped by scope (the same set of lots), and
 * the lowest TTC is marked only inside a group of at least two quotes. `scopesDiffer` says that the
 * quotes do not all cover the same lots, so the screen can say it rather than crown a smaller job.
 */
export function cheapestAmongSameScope(quotes: readonly ScopedQuote[]): { cheapest: number[]; scopesDiffer: boolean } {
  const groups = new Map<string, number[]>();
  quotes.forEach((quote, i) => {
    const key = scopeOf(quote);
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const cheapest = [...groups.values()]
    .filter((members) => members.length >= 2)
    .flatMap((members) => cheapestIndexes(members.map((i) => quotes[i].totals.total_ttc_cents)).map((k) => members[k]))
    .sort((a, b) => a - b);
  return { cheapest, scopesDiffer: groups.size > 1 };
}
