/**
 * The benches' order statistics, one rule for all: the nearest rank, no interpolation. Not a bench
 * itself: `npm run bench` runs only the files of scripts/bench/.
 */

/** The value below which `p` % of `values` lie (nearest rank); `values` is not reordered. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const median = (values: readonly number[]): number => percentile(values, 50);
