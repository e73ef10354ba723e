import {
  decidePublication,
  isOutlier,
  quarterOf,
  quantileCents,
  referenceFigures,
  type CandidateCell,
  type Contribution,
  type ReferenceFigures,
} from './price-references';

/**
 * The cells of one normalised line (issue 40, decision 1240): each zone (its département, its
 * region, France) over each period (the 12 and 36 months ending on the refresh's day, and each
 * quarter of those 36 months), with what is published. Pure: the API feeds it the line's
 * contributions and its previous publications, and stores what it returns.
 */

export type ZoneLevel = 'departement' | 'region' | 'france';

export interface LineContribution extends Contribution {
  id: number;
  departement: string;
  region: string;
  /** YYYY-MM-DD */
  sentOn: string;
  unitPriceCents: number;
}

export interface CellAddress {
  zoneLevel: ZoneLevel;
  zoneCode: string;
  period: string;
}

export interface PreviousCell extends CellAddress, ReferenceFigures {
  published: boolean;
  quotes: number;
  publishedQuoteIds: number[];
}

export interface ComputedCell extends CellAddress, ReferenceFigures {
  published: boolean;
  quotes: number;
  publishedQuoteIds: number[];
}

export const ROLLING_PERIODS = [
  { period: '12m', months: 12 },
  { period: '36m', months: 36 },
] as const;

const LEVEL_RANK: Record<ZoneLevel, number> = { departement: 0, region: 1, france: 2 };

export const cellId = (c: CellAddress) => `${c.period}/${c.zoneLevel}/${c.zoneCode}`;

/** The first day inside a rolling window of `months` ending on `windowEnd` (included). */
export function windowStart(windowEnd: string, months: number): string {
  const [year, month, day] = windowEnd.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) - months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  // The same day of the month, or the month's last day (31 March − 1 month → 28/29 February).
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${String(m).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

function zonesOf(c: LineContribution): Array<{ zoneLevel: ZoneLevel; zoneCode: string }> {
  return [
    { zoneLevel: 'departement', zoneCode: c.departement },
    { zoneLevel: 'region', zoneCode: c.region },
    { zoneLevel: 'france', zoneCode: 'FR' },
  ];
}

function zoneContains(
  wider: { zoneLevel: ZoneLevel; zoneCode: string },
  narrower: { zoneLevel: ZoneLevel; zoneCode: string },
  regionOf: Map<string, string>,
): boolean {
  if (wider.zoneLevel === 'france') return true;
  if (wider.zoneLevel === narrower.zoneLevel) return wider.zoneCode === narrower.zoneCode;
  return wider.zoneLevel === 'region' && narrower.zoneLevel === 'departement' && regionOf.get(narrower.zoneCode) === wider.zoneCode;
}

/**
 * Every cell of a line that is or was published, as it must now be stored. Rolling windows are one
 * family (36 months contain 12, a region its départements, France everything); each quarter is its
 * own family. Within a family `decidePublication` applies the threshold, the complement and the
 * minimum-change rules.
 */
export function computeLineCells(contributions: readonly LineContribution[], previous: readonly PreviousCell[], windowEnd: string): ComputedCell[] {
  const regionOf = new Map(contributions.map((c) => [c.departement, c.region]));
  const previousById = new Map(previous.map((p) => [cellId(p), p]));
  const families = new Map<string, Map<string, { address: CellAddress; rank: number; members: LineContribution[] }>>();
  const add = (family: string, address: CellAddress, rank: number, c: LineContribution) => {
    const cells = families.get(family) ?? new Map();
    families.set(family, cells);
    const id = cellId(address);
    const cell = cells.get(id) ?? { address, rank, members: [] };
    cell.members.push(c);
    cells.set(id, cell);
  };
  const oldest = windowStart(windowEnd, 36);
  for (const c of contributions) {
    if (c.sentOn > windowEnd || c.sentOn <= oldest) continue;
    for (const [index, rolling] of ROLLING_PERIODS.entries()) {
      if (c.sentOn <= windowStart(windowEnd, rolling.months)) continue;
      for (const zone of zonesOf(c)) add('rolling', { ...zone, period: rolling.period }, index * 3 + LEVEL_RANK[zone.zoneLevel], c);
    }
    const quarter = quarterOf(c.sentOn);
    for (const zone of zonesOf(c)) add(quarter, { ...zone, period: quarter }, LEVEL_RANK[zone.zoneLevel], c);
  }
  // A previously published cell that has no member left is still decided (and suppressed).
  for (const p of previous) {
    const family = ROLLING_PERIODS.some((r) => r.period === p.period) ? 'rolling' : p.period;
    const cells = families.get(family) ?? new Map();
    families.set(family, cells);
    const rank = (family === 'rolling' ? ROLLING_PERIODS.findIndex((r) => r.period === p.period) * 3 : 0) + LEVEL_RANK[p.zoneLevel];
    if (!cells.has(cellId(p))) cells.set(cellId(p), { address: { zoneLevel: p.zoneLevel, zoneCode: p.zoneCode, period: p.period }, rank, members: [] });
  }
  const periodContains = (wider: string, narrower: string) => wider === narrower || (wider === '36m' && narrower === '12m');
  const out: ComputedCell[] = [];
  for (const cells of families.values()) {
    const candidates: CandidateCell<LineContribution>[] = [...cells.entries()].map(([id, cell]) => {
      const before = previousById.get(id);
      return { id, rank: cell.rank, members: cell.members, publishedQuoteIds: before ? before.publishedQuoteIds : null };
    });
    const decisions = decidePublication(candidates, (wider, narrower) => {
      const w = cells.get(wider)!.address;
      const n = cells.get(narrower)!.address;
      return periodContains(w.period, n.period) && zoneContains(w, n, regionOf);
    });
    for (const decision of decisions) {
      const { address } = cells.get(decision.id)!;
      const before = previousById.get(decision.id);
      if (decision.kept && before) {
        out.push({
          ...address,
          medianCents: before.medianCents,
          q1Cents: before.q1Cents,
          q3Cents: before.q3Cents,
          quotes: before.quotes,
          publishedQuoteIds: before.publishedQuoteIds,
          published: true,
        });
      } else if (decision.publish) {
        const figures = referenceFigures(decision.members.map((m) => m.unitPriceCents));
        out.push({
          ...address,
          ...figures,
          quotes: decision.members.length,
          publishedQuoteIds: decision.members.map((m) => m.quoteId).sort((a, b) => a - b),
          published: true,
        });
      } else if (before && decision.members.length > 0) {
        // Suppressed now: the row keeps its last publication's set (and figures, never shown). With no
        // member left, any later set differs from it by all of its quotes: the row goes.
        out.push({ ...before, ...address, published: false });
      }
    }
  }
  return out;
}

/**
 * The contributions far from their line's figure over 36 months, judged within their département
 * when it has 5 of them at least (prices differ between zones), else within France.
 */
export function outlierIds(contributions: readonly LineContribution[], windowEnd: string): number[] {
  const oldest = windowStart(windowEnd, 36);
  const inWindow = contributions.filter((c) => c.sentOn <= windowEnd && c.sentOn > oldest);
  if (inWindow.length < 5) return [];
  const figuresOf = (prices: number[]) => {
    const sorted = prices.sort((a, b) => a - b);
    return { medianCents: quantileCents(sorted, 0.5), q1Cents: quantileCents(sorted, 0.25), q3Cents: quantileCents(sorted, 0.75) };
  };
  const france = figuresOf(inWindow.map((c) => c.unitPriceCents));
  const byDepartement = new Map<string, number[]>();
  for (const c of inWindow) byDepartement.set(c.departement, [...(byDepartement.get(c.departement) ?? []), c.unitPriceCents]);
  const local = new Map([...byDepartement].filter(([, prices]) => prices.length >= 5).map(([code, prices]) => [code, figuresOf(prices)]));
  return inWindow.filter((c) => isOutlier(c.unitPriceCents, local.get(c.departement) ?? france)).map((c) => c.id);
}
