import type { QuoteUnit, TvaRate } from '@ouvrage/domain';

/** What the demo's contracts are made of (demo-invoice-cases, demo-contract-life, demo-finished-contract): lines, lots, days. */
export const DAY = 86_400_000;
export const HOUR = 3_600_000;

export type Line = {
  designation: string;
  quantityMilli: number;
  unit: QuoteUnit;
  unitPriceCents: number;
  tvaRateBp: TvaRate;
  discountBp: number;
  optional: boolean;
};
export type Lot = { title: string; lines: Line[] };
export const line = (designation: string, quantityMilli: number, unit: QuoteUnit, unitPriceCents: number, tvaRateBp: TvaRate): Line => ({
  designation,
  quantityMilli,
  unit,
  unitPriceCents,
  tvaRateBp,
  discountBp: 0,
  optional: false,
});
