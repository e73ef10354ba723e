import { divideRounded, QUANTITY_SCALE } from './money';

/**
 * Price references (issue 40, decision 1240): the one rule for what a figure is, when it may be
 * shown, and how a price is placed against it. The API computes the figures with these functions
 * and the web places a typed price with `placeAgainstReference`.
 */

export const PRICE_REFERENCE_LIMITS = { lot: 200, designation: 300, lines: 300, reason: 500 } as const;

/**
 * A figure is published only for a safe set: at least `minQuotes` quotes from at least
 * `minIssuers` issuers, none holding more than `maxIssuerShareBp` of them. A published figure is
 * republished only when its set changed by at least `minChange` quotes, so two figures never differ
 * by one quote.
 */
export const PRICE_REFERENCE_RULE = { minQuotes: 5, minIssuers: 3, maxIssuerShareBp: 5000, minChange: 3 } as const;

const STOP_WORDS = new Set(['a', 'au', 'aux', 'avec', 'd', 'de', 'des', 'du', 'en', 'et', 'l', 'la', 'le', 'les', 'ou', 'par', 'pour', 'sur', 'un', 'une']);

/** Lower case, no accent, ligatures opened, words of letters and digits, stop words dropped. */
export function normaliseLabel(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/œ/g, 'oe')
      .replace(/æ/g, 'ae')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/×/g, 'x')
      // « 60x60 », « BA13 »: numbers apart from letters, as « 60 × 60 » and « BA 13 » are written too.
      .replace(/(\d)(?=[a-z])|([a-z])(?=\d)/g, '$1$2 ')
      .replace(/[^a-z0-9]+/g, ' ')
      .split(' ')
      .filter((word) => word.length > 0 && !STOP_WORDS.has(word))
      .join(' ')
  );
}

/** A lot's title without its number: « Lot 3 — Plomberie sanitaire » → `plomberie sanitaire`. */
export function normaliseLot(title: string): string {
  return normaliseLabel(title.replace(/^\s*lot\s*(n[°o]\s*)?\d+[a-z]?\s*[-–—:.)]*\s*/i, ''));
}

/** The normalised line a price belongs to: `lot|unit|designation`, or null when it has no words. */
export function priceLineKey(line: { lot: string; designation: string; unit: string }): string | null {
  const label = normaliseLabel(line.designation);
  if (!label) return null;
  return `${normaliseLot(line.lot)}|${line.unit}|${label}`;
}

/** The parts of a key, for the admin's views. */
export function splitPriceLineKey(key: string): { lot: string; unit: string; label: string } {
  const [lot = '', unit = '', ...label] = key.split('|');
  return { lot, unit, label: label.join('|') };
}

/**
 * One quote's unit price HT for one key: its lines' net amounts over their quantities (after
 * discounts), rounded to the cent — a quote that repeats a line counts once.
 */
export function quoteUnitPriceCents(lines: ReadonlyArray<{ netHtCents: number; quantityMilli: number }>): number | null {
  let net = 0n;
  let quantity = 0n;
  for (const line of lines) {
    net += BigInt(line.netHtCents);
    quantity += BigInt(line.quantityMilli);
  }
  if (quantity <= 0n) return null;
  return Number(divideRounded(net * BigInt(QUANTITY_SCALE), quantity));
}

/** The p-quantile (0…1) of sorted cents, linearly interpolated, rounded to the cent (halves away from zero). */
export function quantileCents(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('Aucune valeur.');
  const position = (sorted.length - 1) * p;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  if (low === high) return sorted[low]!;
  // Exact in integers: the position is (n − 1)·p with p a multiple of 1/4.
  const quarters = Math.round(position * 4) - low * 4;
  return Number(divideRounded(BigInt(sorted[low]!) * BigInt(4 - quarters) + BigInt(sorted[high]!) * BigInt(quarters), 4n));
}

/** The rounding step of a published figure: 10 c below 10 €, 1 € below 100 €, 5 € below 1 000 €, then 10 €. */
export function referenceStepCents(cents: number): number {
  const size = Math.abs(cents);
  return size < 1_000 ? 10 : size < 10_000 ? 100 : size < 100_000 ? 500 : 1_000;
}

export function roundReferenceCents(cents: number): number {
  const step = referenceStepCents(cents);
  return Number(divideRounded(BigInt(cents), BigInt(step))) * step;
}

export interface ReferenceFigures {
  medianCents: number;
  q1Cents: number;
  q3Cents: number;
}

/** Median and quartiles of the quotes' unit prices, each rounded to its step. */
export function referenceFigures(unitPrices: readonly number[]): ReferenceFigures {
  const sorted = [...unitPrices].sort((a, b) => a - b);
  return {
    medianCents: roundReferenceCents(quantileCents(sorted, 0.5)),
    q1Cents: roundReferenceCents(quantileCents(sorted, 0.25)),
    q3Cents: roundReferenceCents(quantileCents(sorted, 0.75)),
  };
}

export interface Contribution {
  quoteId: number;
  issuerId: number;
}

/** The threshold rule on a set of contributions (one per quote). */
export function isSafeSet(members: readonly Contribution[]): boolean {
  if (members.length < PRICE_REFERENCE_RULE.minQuotes) return false;
  const perIssuer = new Map<number, number>();
  for (const member of members) perIssuer.set(member.issuerId, (perIssuer.get(member.issuerId) ?? 0) + 1);
  if (perIssuer.size < PRICE_REFERENCE_RULE.minIssuers) return false;
  const largest = Math.max(...perIssuer.values());
  return largest * 10_000 <= members.length * PRICE_REFERENCE_RULE.maxIssuerShareBp;
}

/** How many quotes two sets differ by (added plus removed). */
export function setChange(previous: readonly number[], next: readonly number[]): number {
  const before = new Set(previous);
  const after = new Set(next);
  let change = 0;
  for (const id of after) if (!before.has(id)) change += 1;
  for (const id of before) if (!after.has(id)) change += 1;
  return change;
}

export interface CandidateCell<M extends Contribution = Contribution> {
  id: string;
  /** Narrower cells first: a cell is checked against the published cells of a lower rank it contains. */
  rank: number;
  members: readonly M[];
  /** The quote ids of its last publication, or null if it was never published. */
  publishedQuoteIds: readonly number[] | null;
}

export interface CellDecision<M extends Contribution = Contribution> {
  id: string;
  publish: boolean;
  members: readonly M[];
  /** The previous publication stays as it was, figures and set (its set changed by fewer than `minChange` quotes). */
  kept: boolean;
}

/**
 * Which cells of one line are published. In rank order: a cell whose set changed by fewer than
 * `minChange` quotes since its last publication keeps it; a cell is published when its set is safe
 * and, for every published cell it contains, the difference is empty or safe too — so a wider
 * figure never isolates a few quotes by subtraction of a narrower one.
 */
export function decidePublication<M extends Contribution>(
  cells: ReadonlyArray<CandidateCell<M>>,
  contains: (wider: string, narrower: string) => boolean,
): CellDecision<M>[] {
  const decided: Array<CellDecision<M> & { rank: number; ids: Set<number> }> = [];
  for (const cell of [...cells].sort((a, b) => a.rank - b.rank)) {
    const currentIds = cell.members.map((m) => m.quoteId);
    const keep = cell.publishedQuoteIds !== null && setChange(cell.publishedQuoteIds, currentIds) < PRICE_REFERENCE_RULE.minChange;
    const members = cell.members;
    const ids = new Set(currentIds);
    let publish = isSafeSet(members);
    if (publish) {
      for (const narrower of decided) {
        if (!narrower.publish || narrower.rank >= cell.rank || !contains(cell.id, narrower.id)) continue;
        const rest = members.filter((m) => !narrower.ids.has(m.quoteId));
        if (rest.length > 0 && !isSafeSet(rest)) {
          publish = false;
          break;
        }
      }
    }
    decided.push({ id: cell.id, publish, members, kept: keep && publish, rank: cell.rank, ids });
  }
  return decided.map(({ id, publish, members, kept }) => ({ id, publish, members, kept }));
}

export type PricePlacementKind = 'below' | 'within' | 'above';

/** Where a price falls against a reference's interquartile range. */
export function placeAgainstReference(priceCents: number, reference: { q1Cents: number; q3Cents: number }): PricePlacementKind {
  if (priceCents < reference.q1Cents) return 'below';
  if (priceCents > reference.q3Cents) return 'above';
  return 'within';
}

/** quantity × a unit price, rounded to the cent (the line total a reference stands for). */
export function referenceAmountCents(quantityMilli: number, unitPriceCents: number): number {
  return Number(divideRounded(BigInt(quantityMilli) * BigInt(unitPriceCents), BigInt(QUANTITY_SCALE)));
}

export interface ComparedWithReferences {
  /** Sum of the referenced lines' amounts HT (after discount). */
  pricedCents: number;
  /** The same quantities at their references' Q1, median and Q3. */
  q1Cents: number;
  medianCents: number;
  q3Cents: number;
  referencedLines: number;
  /** null when no line has a reference. */
  placement: PricePlacementKind | null;
}

/**
 * A lot, or a whole quote, against the references of its lines — the editor's typed lines and the
 * client's comparison alike: lines without a reference or a quantity are left out.
 */
export function compareWithReferences(
  lines: Iterable<{ netHtCents: number; quantityMilli: number; reference: ReferenceFigures | null | undefined }>,
): ComparedWithReferences {
  const sum = { pricedCents: 0, q1Cents: 0, medianCents: 0, q3Cents: 0, referencedLines: 0 };
  for (const { netHtCents, quantityMilli, reference } of lines) {
    if (!reference || quantityMilli <= 0) continue;
    sum.referencedLines += 1;
    sum.pricedCents += netHtCents;
    sum.q1Cents += referenceAmountCents(quantityMilli, reference.q1Cents);
    sum.medianCents += referenceAmountCents(quantityMilli, reference.medianCents);
    sum.q3Cents += referenceAmountCents(quantityMilli, reference.q3Cents);
  }
  return { ...sum, placement: sum.referencedLines > 0 ? placeAgainstReference(sum.pricedCents, { q1Cents: sum.q1Cents, q3Cents: sum.q3Cents }) : null };
}

/**
 * Offered to the admin as an outlier: outside Q1 − 3·IQR … Q3 + 3·IQR of its line and at least
 * twice (or half) the median — a typo (×10, a price per m² typed as a lump sum), not a dear zone.
 */
export function isOutlier(unitPriceCents: number, reference: ReferenceFigures): boolean {
  const spread = reference.q3Cents - reference.q1Cents;
  const outsideFences = unitPriceCents < reference.q1Cents - 3 * spread || unitPriceCents > reference.q3Cents + 3 * spread;
  return outsideFences && (unitPriceCents >= 2 * reference.medianCents || 2 * unitPriceCents <= reference.medianCents);
}

/** The calendar quarter of a date: `2026-T3`. */
export function quarterOf(isoDate: string): string {
  const month = Number(isoDate.slice(5, 7));
  return `${isoDate.slice(0, 4)}-T${Math.floor((month - 1) / 3) + 1}`;
}
