import { count, eq } from 'drizzle-orm';
import { priceReferences } from '@ouvrage/db';
import {
  computeLineCells,
  outlierIds,
  ROLLING_PERIODS,
  splitPriceLineKey,
  todayInParis,
  windowStart,
  type ComputedCell,
  type LineContribution,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { collectBatch } from './collect';
import * as repo from './repository';

/** Lines recomputed per transaction. */
export const REFRESH_BATCH = 400;

/** The most frequent wording (ties: the first in alphabetical order). */
function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = '';
  let bestCount = 0;
  for (const [value, n] of counts) if (n > bestCount || (n === bestCount && value.localeCompare(best, 'fr') < 0)) [best, bestCount] = [value, n];
  return best;
}

export interface RefreshFigures {
  quotesCollected: number;
  keysRefreshed: number;
  cellsPublished: number;
  durationMs: number;
}

/**
 * The scheduled refresh (issue 40, decision 1240): collect the quotes noted since the last run,
 * then recompute only the lines whose contributions changed or crossed a rolling window's start
 * since the last run's day (`full`: every line, for the bench and after a rule change). Figures
 * change only here, never at a quote's sending: two reads between runs always agree.
 */
export async function refreshPriceReferences(deps: AppDeps, options: { full?: boolean } = {}): Promise<RefreshFigures> {
  const started = performance.now();
  const { db, clock } = deps;
  const windowEnd = todayInParis(clock);
  const last = await repo.lastFinishedRun(db);
  const runId = await repo.startRun(db, windowEnd, clock.now());

  let quotesCollected = 0;
  for (let taken = await collectBatch(db); taken > 0; taken = await collectBatch(db)) quotesCollected += taken;

  if (options.full) await repo.markAllDirty(db);
  else if (last && last.windowEnd < windowEnd) {
    await repo.markWindowCrossings(
      db,
      ROLLING_PERIODS.map((r) => ({ after: windowStart(last.windowEnd, r.months), upTo: windowStart(windowEnd, r.months) })),
    );
  }

  const oldest = windowStart(windowEnd, 36);
  let keysRefreshed = 0;
  for (;;) {
    const refreshed = await db.transaction(async (tx) => {
      const keys = await repo.takeDirtyKeys(tx, REFRESH_BATCH);
      if (keys.length === 0) return 0;
      const contributions = await repo.contributionsOfKeys(tx, keys, oldest);
      const previous = await repo.cellsOfKeys(tx, keys);
      const byKey = new Map<string, Array<LineContribution & { unit: string; lotTitle: string; designation: string }>>();
      for (const c of contributions) {
        const list = byKey.get(c.lineKey);
        if (list) list.push(c);
        else byKey.set(c.lineKey, [c]);
      }
      const previousByKey = new Map<string, typeof previous>();
      for (const p of previous) previousByKey.set(p.lineKey, [...(previousByKey.get(p.lineKey) ?? []), p]);
      const cells: Array<ComputedCell & { lineKey: string; lotKey: string; unit: string }> = [];
      const outliers: number[] = [];
      const labels: Array<{ lineKey: string; lotKey: string; lotLabel: string; label: string }> = [];
      for (const key of keys) {
        const lineContributions = byKey.get(key) ?? [];
        const before = previousByKey.get(key) ?? [];
        const { lot, unit } = splitPriceLineKey(key);
        for (const cell of computeLineCells(lineContributions, before.map(repo.previousCell), windowEnd))
          cells.push({ ...cell, lineKey: key, lotKey: lot, unit });
        outliers.push(...outlierIds(lineContributions, windowEnd));
        if (lineContributions.length) {
          labels.push({
            lineKey: key,
            lotKey: lot,
            lotLabel: mostCommon(lineContributions.map((c) => c.lotTitle)) || lot,
            label: mostCommon(lineContributions.map((c) => c.designation)) || splitPriceLineKey(key).label,
          });
        }
      }
      await repo.replaceCells(tx, keys, cells, clock.now());
      await repo.setOutliers(tx, keys, outliers);
      await repo.replaceLabels(tx, keys, labels);
      await repo.deleteDirtyKeys(tx, keys);
      return keys.length;
    });
    if (refreshed === 0) break;
    keysRefreshed += refreshed;
  }

  const [published] = await db.select({ n: count() }).from(priceReferences).where(eq(priceReferences.published, true));
  const coverage = await repo.coverage(db, windowStart(windowEnd, 12));
  const figures = { quotesCollected, keysRefreshed, cellsPublished: Number(published?.n ?? 0), durationMs: Math.round(performance.now() - started) };
  await repo.finishRun(db, runId, { ...figures, coverage, at: clock.now() });
  return figures;
}
