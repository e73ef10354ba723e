import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareWithReferences,
  computeLineCells,
  isOutlier,
  isSafeSet,
  normaliseLabel,
  priceLineKey,
  referenceFigures,
  windowStart,
  type ComputedCell,
  type LineContribution,
  type PreviousCell,
} from '../src';

/**
 * The suppression rule of the price references (issue 40, decision 1240), proved on generated
 * lines against a reference written here: which quotes fall in a cell, the threshold, the
 * complement of a narrower published cell, the figures, and what a one-quote difference reveals.
 */

const WINDOW_END = '2026-12-01';
// Two regions: 69 and 38 in 84, 33 in 75.
const REGION: Record<string, string> = { '69': '84', '38': '84', '33': '75' };

// --- the reference -------------------------------------------------------------------------

function refSafe(members: ReadonlyArray<{ quoteId: number; issuerId: number }>): boolean {
  const quotes = new Map(members.map((m) => [m.quoteId, m.issuerId]));
  if (quotes.size < 5) return false;
  const counts: Record<number, number> = {};
  for (const issuer of quotes.values()) counts[issuer] = (counts[issuer] ?? 0) + 1;
  const issuers = Object.keys(counts).length;
  const largest = Math.max(...Object.values(counts));
  return issuers >= 3 && 2 * largest <= quotes.size;
}

function refMonthsBefore(date: string, months: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.toISOString().slice(0, 10);
}

function refMembers(all: readonly LineContribution[], cell: ComputedCell): LineContribution[] {
  return all.filter((c) => {
    const inZone = cell.zoneLevel === 'france' || (cell.zoneLevel === 'region' ? REGION[c.departement] === cell.zoneCode : c.departement === cell.zoneCode);
    if (!inZone || c.sentOn > WINDOW_END) return false;
    if (cell.period === '12m') return c.sentOn > refMonthsBefore(WINDOW_END, 12);
    if (cell.period === '36m') return c.sentOn > refMonthsBefore(WINDOW_END, 36);
    const [year, q] = cell.period.split('-T');
    const month = Number(c.sentOn.slice(5, 7));
    return c.sentOn > refMonthsBefore(WINDOW_END, 36) && c.sentOn.slice(0, 4) === year && Math.ceil(month / 3) === Number(q);
  });
}

/** Linear interpolation between order statistics, rounded half away from zero, then to the step. */
function refQuantile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  const h = (s.length - 1) * p;
  const lo = Math.floor(h);
  const exact = s[lo]! + (h - lo) * (s[Math.min(lo + 1, s.length - 1)]! - s[lo]!);
  return Math.sign(exact) * Math.round(Math.abs(exact) + 1e-9);
}
function refRound(cents: number): number {
  const step = cents < 1_000 ? 10 : cents < 10_000 ? 100 : cents < 100_000 ? 500 : 1_000;
  return Math.round(cents / step + 1e-9) * step;
}

const isRolling = (period: string) => period === '12m' || period === '36m';
function refContains(wide: ComputedCell, narrow: ComputedCell): boolean {
  const periodOk = wide.period === narrow.period || (wide.period === '36m' && narrow.period === '12m');
  if (!periodOk || (isRolling(wide.period) !== isRolling(narrow.period) && wide.period !== narrow.period)) return false;
  if (wide.zoneLevel === 'france') return true;
  if (wide.zoneLevel === 'region')
    return narrow.zoneLevel === 'departement' ? REGION[narrow.zoneCode] === wide.zoneCode : narrow.zoneLevel === 'region' && narrow.zoneCode === wide.zoneCode;
  return narrow.zoneLevel === 'departement' && narrow.zoneCode === wide.zoneCode;
}
const same = (a: ComputedCell, b: ComputedCell) => a.zoneLevel === b.zoneLevel && a.zoneCode === b.zoneCode && a.period === b.period;

// --- generated lines -----------------------------------------------------------------------

const dayIn36Months = fc
  .integer({ min: 0, max: 36 * 31 })
  .map((days) => new Date(Date.parse(`${WINDOW_END}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10));
const contributionArb = fc.record({
  issuerId: fc.integer({ min: 1, max: 6 }),
  departement: fc.constantFrom('69', '69', '69', '38', '33'),
  sentOn: dayIn36Months,
  unitPriceCents: fc.integer({ min: 500, max: 20_000 }),
});
const lineArb = fc
  .array(contributionArb, { minLength: 0, maxLength: 40 })
  .map((items) => items.map((c, i): LineContribution => ({ ...c, id: i + 1, quoteId: i + 1, region: REGION[c.departement]! })));

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);

describe('price references: what is published', () => {
  it('publishes a cell only for a safe set of its quotes, with the figures of that set', () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        for (const cell of computeLineCells(line, [], WINDOW_END)) {
          const members = refMembers(line, cell);
          expect(cell.published).toBe(true); // never published before: only published cells are stored
          expect(refSafe(members)).toBe(true);
          expect(cell.quotes).toBe(members.length);
          expect(cell.publishedQuoteIds).toEqual(members.map((m) => m.quoteId).sort((a, b) => a - b));
          const prices = members.map((m) => m.unitPriceCents);
          expect(cell.medianCents).toBe(refRound(refQuantile(prices, 0.5)));
          expect(cell.q1Cents).toBe(refRound(refQuantile(prices, 0.25)));
          expect(cell.q3Cents).toBe(refRound(refQuantile(prices, 0.75)));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('publishes every zone whose set is safe and holds no unsafe remainder of a narrower published cell', () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        const cells = computeLineCells(line, [], WINDOW_END).filter((c) => c.published);
        // No published pair lets one subtract a few quotes out of the other.
        for (const wide of cells) {
          for (const narrow of cells) {
            if (same(wide, narrow) || !refContains(wide, narrow)) continue;
            const inNarrow = new Set(narrow.publishedQuoteIds);
            const rest = refMembers(line, wide).filter((m) => !inNarrow.has(m.quoteId));
            expect(rest.length === 0 || refSafe(rest)).toBe(true);
          }
        }
        // A département over 12 months is published exactly when its own set is safe (nothing narrower).
        for (const departement of ['69', '38', '33']) {
          const address = { zoneLevel: 'departement' as const, zoneCode: departement, period: '12m' };
          const members = refMembers(line, { ...address } as ComputedCell);
          expect(cells.some((c) => same(c, address as ComputedCell))).toBe(refSafe(members));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('one quote more or less never changes a published figure (it changes by 3 quotes at least)', () => {
    fc.assert(
      fc.property(lineArb, contributionArb, fc.boolean(), (line, extra, remove) => {
        const first = computeLineCells(line, [], WINDOW_END);
        const previous: PreviousCell[] = first.map((c) => ({ ...c }));
        const changed =
          remove && line.length > 0
            ? line.slice(1)
            : [...line, { ...extra, id: line.length + 1, quoteId: line.length + 1, region: REGION[extra.departement]! }];
        const second = computeLineCells(changed, previous, WINDOW_END);
        for (const after of second.filter((c) => c.published)) {
          const before = first.find((c) => same(c, after));
          if (!before) continue;
          // Published before and after, one quote apart: the same figures from the same set.
          expect([after.medianCents, after.q1Cents, after.q3Cents, after.quotes]).toEqual([before.medianCents, before.q1Cents, before.q3Cents, before.quotes]);
          expect(after.publishedQuoteIds).toEqual(before.publishedQuoteIds);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('a kept publication is replaced once its set changed by 3 quotes', () => {
    fc.assert(
      fc.property(lineArb, fc.array(contributionArb, { minLength: 3, maxLength: 6 }), (line, extras) => {
        const first = computeLineCells(line, [], WINDOW_END);
        const added = extras.map((e, i): LineContribution => ({ ...e, sentOn: WINDOW_END, departement: '69', region: '84', id: 1000 + i, quoteId: 1000 + i }));
        const second = computeLineCells([...line, ...added], first, WINDOW_END);
        const before = first.find((c) => c.period === '12m' && c.zoneLevel === 'france');
        const after = second.find((c) => c.period === '12m' && c.zoneLevel === 'france');
        if (before && after?.published) {
          const members = refMembers([...line, ...added], after);
          expect(after.quotes).toBe(members.length);
          expect(after.quotes).toBe(before.quotes + added.length);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('price references: the threshold and the keys', () => {
  it('isSafeSet is the reference rule', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 15 }), (issuers) => {
        const members = issuers.map((issuerId, i) => ({ quoteId: i + 1, issuerId }));
        expect(isSafeSet(members)).toBe(refSafe(members));
      }),
      { numRuns: RUNS },
    );
  });

  it('the examples of the rule', () => {
    const set = (...issuers: number[]) => issuers.map((issuerId, i) => ({ quoteId: i + 1, issuerId }));
    expect(isSafeSet(set(1, 2, 3, 1, 2))).toBe(true);
    expect(isSafeSet(set(1, 2, 3, 1))).toBe(false); // 4 quotes
    expect(isSafeSet(set(1, 2, 1, 2, 1, 2))).toBe(false); // 2 issuers
    expect(isSafeSet(set(1, 1, 1, 2, 3))).toBe(false); // 3 of 5 from one issuer
    expect(isSafeSet(set(1, 1, 1, 2, 3, 4))).toBe(true); // exactly half
    expect(referenceFigures([3_800, 4_200, 4_500, 4_700, 5_200])).toEqual({ medianCents: 4_500, q1Cents: 4_200, q3Cents: 4_700 });
    const ref = { medianCents: 24_000, q1Cents: 22_500, q3Cents: 24_500 };
    expect(isOutlier(240_000, ref)).toBe(true); // ×10
    expect(isOutlier(37_400, ref)).toBe(false); // Paris, 1.56× the Rhône: a dearer zone, not a typo
    expect(isOutlier(2_400, ref)).toBe(true); // ÷10
  });

  it('normalises designations so that the same work meets the same key', () => {
    expect(normaliseLabel('Carrelage sol — grès cérame 60×60')).toBe('carrelage sol gres cerame 60 x 60');
    expect(priceLineKey({ lot: 'Lot 3 — Plâtrerie', designation: 'Cloison  placo BA13', unit: 'm²' })).toBe(
      priceLineKey({ lot: 'plâtrerie', designation: 'cloison placo ba13', unit: 'm²' }),
    );
    expect(priceLineKey({ lot: 'Peinture', designation: 'Peinture des murs', unit: 'm²' })).not.toBe(
      priceLineKey({ lot: 'Peinture', designation: 'Peinture des murs', unit: 'ml' }),
    );
    expect(priceLineKey({ lot: 'Peinture', designation: ' — ', unit: 'm²' })).toBeNull();
    expect(windowStart('2026-03-31', 1)).toBe('2026-02-28');
    expect(windowStart('2026-12-01', 12)).toBe('2025-12-01');
  });
});

describe('price references: a lot against its lines’ references', () => {
  it('sums the referenced lines at their price and at Q1, median, Q3, and places the sum', () => {
    const figures = fc
      .tuple(fc.integer({ min: 100, max: 50_000 }), fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 20_000 }))
      .map(([q1, a, b]) => ({ q1Cents: q1, medianCents: q1 + a, q3Cents: q1 + a + b }));
    const lineArb = fc.record({
      netHtCents: fc.integer({ min: 1, max: 5_000_000 }),
      quantityMilli: fc.integer({ min: 0, max: 500_000 }),
      reference: fc.option(figures, { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 30 }), (lines) => {
        const counted = lines.filter((l) => l.reference && l.quantityMilli > 0);
        // Reference: quantity × price in exact thousandths, rounded half up per line.
        const at = (pick: 'q1Cents' | 'medianCents' | 'q3Cents') =>
          counted.reduce((n, l) => n + Math.floor((l.quantityMilli * l.reference![pick] * 2 + 1000) / 2000), 0);
        const priced = counted.reduce((n, l) => n + l.netHtCents, 0);
        const got = compareWithReferences(lines);
        expect(got).toEqual({
          pricedCents: priced,
          q1Cents: at('q1Cents'),
          medianCents: at('medianCents'),
          q3Cents: at('q3Cents'),
          referencedLines: counted.length,
          placement: counted.length === 0 ? null : priced < at('q1Cents') ? 'below' : priced > at('q3Cents') ? 'above' : 'within',
        });
      }),
      { numRuns: RUNS },
    );
  });
});
