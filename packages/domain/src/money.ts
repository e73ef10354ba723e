import { refusal, type Refusal } from './refusal';
/**
 * Money (DESIGN §4, decision 0400): amounts are integer cents, quantities integer thousandths
 * (3 decimals), TVA rates and discounts basis points (20 % = 2000). One rounding rule, the one
 * EN 16931 checks:
 *   line net = quantity × unit price HT × (1 − discount), rounded to the cent;
 *   base per rate = sum of the line nets at that rate;
 *   TVA per rate = base × rate, rounded to the cent, once per rate;
 *   total HT = Σ bases, total TVA = Σ TVA per rate, TTC = HT + TVA.
 * Rounding is half away from zero (0,005 € → 0,01 €, −0,005 € → −0,01 €): the « arrondi
 * commercial » of French invoices and of spreadsheets' ROUND, equal to the EN 16931 validation's
 * rounding for positive amounts, and symmetric, so a credit note is the exact opposite of its invoice.
 * Products are computed exactly on BigInt before the one rounding: no float ever touches an amount.
 */

/** TVA rates in France for building works, in basis points: 20 %, 10 % (renovation), 5,5 % (energy renovation), 0 %. */
export const TVA_RATES = [2000, 1000, 550, 0] as const;
export type TvaRate = (typeof TVA_RATES)[number];

export function isTvaRate(value: unknown): value is TvaRate {
  return typeof value === 'number' && (TVA_RATES as readonly number[]).includes(value);
}

/** Units a quote line is counted in (DESIGN §4, products). */
export const QUOTE_UNITS = ['u', 'm²', 'ml', 'm³', 'forfait', 'h', 'jour'] as const;
export type QuoteUnit = (typeof QUOTE_UNITS)[number];

/** 100 % in basis points. */
export const FULL_PERCENT_BP = 10_000;
/** One unit of quantity in thousandths. */
export const QUANTITY_SCALE = 1000;
/** Largest amount accepted anywhere (100 billion euros): sums of thousands of lines stay exact integers. */
export const MAX_AMOUNT_CENTS = 10_000_000_000_000;
export const MAX_QUANTITY_MILLI = 1_000_000_000; // one million units

/** A line of a quote (later of an invoice) as its issuer types it. */
export interface QuoteLineInput {
  designation: string;
  /** Quantity × 1000: 1,5 m² → 1500. */
  quantityMilli: number;
  unit: QuoteUnit;
  /** Unit price HT in cents; negative for a deduction line. */
  unitPriceCents: number;
  tvaRateBp: TvaRate;
  /** Discount on the line in basis points: 12,5 % → 1250; 0 when none. */
  discountBp: number;
  /** An optional line (« en option ») is shown with its amount but not counted in the totals. */
  optional?: boolean;
}

/** A lot (« lot 1 — Gros œuvre ») groups lines; totals are those of all the lots' lines together. */
export interface QuoteLotInput {
  title: string;
  lines: QuoteLineInput[];
}

/** What the totals need of a line. */
export type LineAmounts = Pick<QuoteLineInput, 'quantityMilli' | 'unitPriceCents' | 'tvaRateBp' | 'discountBp' | 'optional'>;

export interface RateTotal {
  rateBp: TvaRate;
  /** Taxable base HT: the sum of the counted line nets at this rate. */
  baseCents: number;
  tvaCents: number;
}

export interface Totals {
  /** Net HT of each line, in input order (optional lines included, `counted` false). */
  lines: Array<{ netCents: number; counted: boolean }>;
  /** One entry per rate present among counted lines, highest rate first. */
  byRate: RateTotal[];
  totalHtCents: number;
  totalTvaCents: number;
  totalTtcCents: number;
}

// ---------------------------------------------------------------------------------------------
// Rounding
// ---------------------------------------------------------------------------------------------

/** numerator / denominator rounded to the nearest integer, halves away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division par zéro.');
  if (denominator < 0n) return divideRounded(-numerator, -denominator);
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const quotient = (abs * 2n + denominator) / (denominator * 2n);
  return negative ? -quotient : quotient;
}

function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('Montant hors limites.');
  return Number(value);
}

function requireInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} doit être un entier : ${value}`);
}

// ---------------------------------------------------------------------------------------------
// Line, rate and document totals
// ---------------------------------------------------------------------------------------------

/** quantity × unit price × (1 − discount), rounded to the cent. */
export function lineNetCents(line: Pick<LineAmounts, 'quantityMilli' | 'unitPriceCents' | 'discountBp'>): number {
  requireInteger(line.quantityMilli, 'La quantité (millièmes)');
  requireInteger(line.unitPriceCents, 'Le prix unitaire (centimes)');
  requireInteger(line.discountBp, 'La remise (points de base)');
  const exact = BigInt(line.quantityMilli) * BigInt(line.unitPriceCents) * BigInt(FULL_PERCENT_BP - line.discountBp);
  return toSafeNumber(divideRounded(exact, BigInt(QUANTITY_SCALE * FULL_PERCENT_BP)));
}

/** TVA of one rate's base, rounded to the cent. */
export function tvaCents(baseCents: number, rateBp: number): number {
  requireInteger(baseCents, 'La base (centimes)');
  requireInteger(rateBp, 'Le taux (points de base)');
  return toSafeNumber(divideRounded(BigInt(baseCents) * BigInt(rateBp), BigInt(FULL_PERCENT_BP)));
}

/** The totals of a quote or an invoice from its lines, by the one rule above. */
export function computeTotals(lines: readonly LineAmounts[]): Totals {
  const bases = new Map<TvaRate, number>();
  const nets = lines.map((line) => {
    if (!isTvaRate(line.tvaRateBp)) throw new RangeError(`Taux de TVA inconnu : ${line.tvaRateBp}`);
    const netCents = lineNetCents(line);
    const counted = !line.optional;
    if (counted) bases.set(line.tvaRateBp, (bases.get(line.tvaRateBp) ?? 0) + netCents);
    return { netCents, counted };
  });
  const byRate = TVA_RATES.filter((rate) => bases.has(rate)).map((rateBp) => {
    const baseCents = bases.get(rateBp) as number;
    return { rateBp, baseCents, tvaCents: tvaCents(baseCents, rateBp) };
  });
  const totalHtCents = byRate.reduce((sum, r) => sum + r.baseCents, 0);
  const totalTvaCents = byRate.reduce((sum, r) => sum + r.tvaCents, 0);
  return { lines: nets, byRate, totalHtCents, totalTvaCents, totalTtcCents: totalHtCents + totalTvaCents };
}

/** Totals of a quote by lots: the document's totals plus each lot's subtotal HT (counted lines). */
export function computeQuoteTotals(lots: readonly QuoteLotInput[]): Totals & { lots: Array<{ title: string; subtotalHtCents: number }> } {
  const totals = computeTotals(lots.flatMap((lot) => lot.lines));
  let index = 0;
  const subtotals = lots.map((lot) => {
    let subtotalHtCents = 0;
    for (const _line of lot.lines) {
      const net = totals.lines[index];
      if (net.counted) subtotalHtCents += net.netCents;
      index += 1;
    }
    return { title: lot.title, subtotalHtCents };
  });
  return { ...totals, lots: subtotals };
}

/** Why a typed line cannot be used (for a 400 on its fields), or null. */
export function quoteLineRefusal(line: QuoteLineInput): Refusal | null {
  if (!line.designation.trim()) return refusal('LINE_DESIGNATION_MISSING', 'Indiquez la désignation de la ligne.', {}, 400);
  if (!Number.isSafeInteger(line.quantityMilli) || line.quantityMilli <= 0 || line.quantityMilli > MAX_QUANTITY_MILLI) {
    return refusal('LINE_QUANTITY_INVALID', 'La quantité doit être positive, avec au plus 3 décimales.', {}, 400);
  }
  if (!(QUOTE_UNITS as readonly string[]).includes(line.unit))
    return refusal('LINE_UNIT_INVALID', `L’unité « ${line.unit} » n’existe pas.`, { unit: line.unit }, 400);
  if (!Number.isSafeInteger(line.unitPriceCents) || Math.abs(line.unitPriceCents) > MAX_AMOUNT_CENTS) {
    return refusal('LINE_PRICE_INVALID', 'Le prix unitaire HT doit être un montant en centimes.', {}, 400);
  }
  if (!isTvaRate(line.tvaRateBp)) return refusal('LINE_TVA_RATE_INVALID', 'Le taux de TVA doit être 20 %, 10 %, 5,5 % ou 0 %.', {}, 400);
  if (!Number.isSafeInteger(line.discountBp) || line.discountBp < 0 || line.discountBp > FULL_PERCENT_BP) {
    return refusal('LINE_DISCOUNT_INVALID', 'La remise doit être comprise entre 0 et 100 %.', {}, 400);
  }
  if (Math.abs(lineNetCents(line)) > MAX_AMOUNT_CENTS) return refusal('LINE_AMOUNT_TOO_LARGE', 'Le montant de la ligne est trop élevé.', {}, 400);
  return null;
}

// ---------------------------------------------------------------------------------------------
// Splitting an amount (deposits, progress invoices)
// ---------------------------------------------------------------------------------------------

/**
 * Split `amountCents` in proportion to integer `weights` (percentages in basis points: 30 % and
 * 70 % → [3000, 7000], or any integer weights) by the largest remainder method: every part is the
 * exact share rounded down or up, and the parts add up to the amount exactly. Ties go to the
 * earlier part. A negative amount (credit note) is split as the opposite of its positive.
 */
export function allocate(amountCents: number, weights: readonly number[]): number[] {
  requireInteger(amountCents, 'Le montant (centimes)');
  if (weights.length === 0) throw new RangeError('Aucune part à répartir.');
  for (const w of weights) {
    requireInteger(w, 'Un poids');
    if (w < 0) throw new RangeError('Les poids ne peuvent pas être négatifs.');
  }
  if (amountCents < 0) return allocate(-amountCents, weights).map((part) => (part === 0 ? 0 : -part));
  const total = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (total === 0n) throw new RangeError('La somme des poids est nulle.');
  const amount = BigInt(amountCents);
  const parts = weights.map((w) => (amount * BigInt(w)) / total);
  const remainders = weights.map((w, index) => ({ index, remainder: (amount * BigInt(w)) % total }));
  let left = amount - parts.reduce((sum, p) => sum + p, 0n);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    parts[index] += 1n;
    left -= 1n;
  }
  return parts.map(Number);
}

/** A percentage (basis points) of an amount, rounded to the cent: a 30 % deposit is `percentOf(ttc, 3000)`. */
export function percentOf(amountCents: number, percentBp: number): number {
  requireInteger(amountCents, 'Le montant (centimes)');
  requireInteger(percentBp, 'Le pourcentage (points de base)');
  return toSafeNumber(divideRounded(BigInt(amountCents) * BigInt(percentBp), BigInt(FULL_PERCENT_BP)));
}

// ---------------------------------------------------------------------------------------------
// French input and display
// ---------------------------------------------------------------------------------------------

export type Parsed<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

const SPACES = /[\s\u00a0\u202f]/g;

/**
 * A decimal typed the French or the English way ("1 234,56", "1234.5", "-3") as an integer of
 * `decimals` decimal places. Spaces group thousands; the decimal mark is a comma or a point.
 */
function parseScaled(input: string, decimals: number, what: string, codePrefix: string): Parsed<number> {
  const text = input.replace(SPACES, '');
  if (!text) return { ok: false, refusal: refusal(`${codePrefix}_EMPTY`, `${what} est obligatoire.`, {}, 400) };
  const match = /^([+-]?)(\d*)(?:[.,](\d*))?$/.exec(text);
  if (!match || (!match[2] && !match[3])) {
    return { ok: false, refusal: refusal(`${codePrefix}_FORMAT`, `${what} n’est pas un nombre (ex. : 1 234,56).`, { value: input }, 400) };
  }
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > decimals) {
    return { ok: false, refusal: refusal(`${codePrefix}_DECIMALS`, `${what} a au plus ${decimals} décimales.`, { value: input, decimals }, 400) };
  }
  const scaled = BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`);
  if (scaled > BigInt(Number.MAX_SAFE_INTEGER))
    return { ok: false, refusal: refusal(`${codePrefix}_TOO_LARGE`, `${what} est trop grand.`, { value: input }, 400) };
  const value = Number(scaled);
  return { ok: true, value: sign === '-' && value !== 0 ? -value : value };
}

/**
 * Euros typed by a user ("1 234,56", "1234.5", "12 €") → integer cents, or a refusal: empty,
 * not a number, more than 2 decimals, negative (unless allowed), above 100 billion euros.
 * A number (from a numeric input) is read through its decimal text, never multiplied as a float.
 */
export function parseEuros(input: string | number, options: { allowNegative?: boolean } = {}): Parsed<number> {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : 'NaN') : input.replace(/€/g, '');
  const parsed = parseScaled(text, 2, 'Le montant', 'MONEY');
  if (!parsed.ok) return parsed;
  if (parsed.value < 0 && !options.allowNegative) return { ok: false, refusal: refusal('MONEY_NEGATIVE', 'Le montant ne peut pas être négatif.', {}, 400) };
  if (Math.abs(parsed.value) > MAX_AMOUNT_CENTS) return { ok: false, refusal: refusal('MONEY_TOO_LARGE', 'Le montant est trop élevé.', {}, 400) };
  return parsed;
}

/** Blank → null; otherwise the cents of `parseEuros`, or null when it is refused (for optional form fields). */
export function eurosToCents(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined || (typeof input === 'string' && !input.replace(SPACES, ''))) return null;
  const parsed = parseEuros(input);
  return parsed.ok ? parsed.value : null;
}

/** Cents → euros as a number, for numeric inputs only; amounts are displayed with `formatEuros`. */
export function centsToEuros(cents: number): number {
  requireInteger(cents, 'Le montant (centimes)');
  return cents / 100;
}

/** A quantity ("1,5", "12.125") → thousandths, positive, at most 3 decimals. */
export function parseQuantity(input: string | number): Parsed<number> {
  const parsed = parseScaled(typeof input === 'number' ? String(input) : input, 3, 'La quantité', 'QUANTITY');
  if (parsed.ok && (parsed.value <= 0 || parsed.value > MAX_QUANTITY_MILLI)) {
    return { ok: false, refusal: refusal('QUANTITY_OUT_OF_RANGE', 'La quantité doit être positive et au plus 1 000 000.', {}, 400) };
  }
  return parsed;
}

/** A percentage ("12,5", "5.5") → basis points, between 0 and 100 %. */
export function parsePercent(input: string | number): Parsed<number> {
  const parsed = parseScaled(typeof input === 'number' ? String(input) : input.replace(/%/g, ''), 2, 'Le pourcentage', 'PERCENT');
  if (parsed.ok && (parsed.value < 0 || parsed.value > FULL_PERCENT_BP)) {
    return { ok: false, refusal: refusal('PERCENT_OUT_OF_RANGE', 'Le pourcentage doit être compris entre 0 et 100.', {}, 400) };
  }
  return parsed;
}

/** Digits grouped by three with plain spaces (the web already shows them so): 1234567 → "1 234 567". */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** An integer of `decimals` decimal places written the French way; `minDecimals` trailing zeros kept. */
function formatScaled(value: number, decimals: number, minDecimals: number): string {
  requireInteger(value, 'La valeur');
  const negative = value < 0;
  const digits = String(Math.abs(value)).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  let fraction = digits.slice(digits.length - decimals);
  while (fraction.length > minDecimals && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${negative ? '-' : ''}${groupThousands(whole)}${fraction ? `,${fraction}` : ''}`;
}

/**
 * French display of an amount: 123456 → "1 234,56 €" (plain spaces, so that mails, PDFs and the web
 * print the same characters). `wholeEuros`: rounded to the euro without decimals ("10 000 €"), for
 * budgets and ranges. One function for the web, the mails and the PDFs.
 */
export function formatEuros(cents: number, options: { wholeEuros?: boolean } = {}): string {
  if (options.wholeEuros) return `${formatScaled(toSafeNumber(divideRounded(BigInt(cents), 100n)), 0, 0)} €`;
  return `${formatScaled(cents, 2, 2)} €`;
}

/** 1500 → "1,5"; 12000 → "12". */
export function formatQuantity(quantityMilli: number): string {
  return formatScaled(quantityMilli, 3, 0);
}

/** Basis points → "5,5 %", "20 %". */
export function formatPercent(bp: number): string {
  return `${formatScaled(bp, 2, 0)} %`;
}
