import type { QuoteLineInput } from '../src';

/**
 * The property tests' own arithmetic, written from the rule as stated (decision 0400) and sharing no
 * code with `packages/domain/src`: a line's net rounded to the cent, halves away from zero; per rate
 * the sum of the nets, its TVA rounded once.
 */
export function roundHalfAway(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const q = n / denominator;
  const rounded = (n - q * denominator) * 2n >= denominator ? q + 1n : q;
  return negative ? -rounded : rounded;
}

export const refNet = (l: QuoteLineInput) =>
  Number(roundHalfAway(BigInt(l.quantityMilli) * BigInt(l.unitPriceCents) * BigInt(10_000 - l.discountBp), 10_000_000n));
export const refTva = (base: number, rate: number) => Number(roundHalfAway(BigInt(base) * BigInt(rate), 10_000n));

/** Base and TVA per rate of a set of counted lines (options left out), rates whose base is nil dropped. */
export function refContract(lines: readonly QuoteLineInput[]): Map<number, { base: number; tva: number }> {
  const bases = new Map<number, number>();
  for (const l of lines) if (!l.optional) bases.set(l.tvaRateBp, (bases.get(l.tvaRateBp) ?? 0) + refNet(l));
  const out = new Map<number, { base: number; tva: number }>();
  for (const [rate, base] of bases) if (base !== 0) out.set(rate, { base, tva: refTva(base, rate) });
  return out;
}

export const refTtc = (m: Map<number, { base: number; tva: number }>) => [...m.values()].reduce((s, r) => s + r.base + r.tva, 0);
