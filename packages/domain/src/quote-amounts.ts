import { computeQuoteTotals, TVA_RATES, type QuoteLineInput, type QuoteLotInput, type Totals, type TvaRate } from './money';
import { refusal, type Refusal } from './refusal';

/**
 * What a quote's amounts must be before it leaves its issuer (issue 34 §1, decisions 1001 and
 * 1002): travel costs of a repair quote counted like any line, and no total, lot or rate below zero.
 */

/** The lot travel costs are counted in: last, after the issuer's lots. */
export const TRAVEL_COSTS_TITLE = 'Frais de déplacement';
/** The id the travel-costs lot and line carry in stored quotes' content (no row has it). */
export const TRAVEL_COSTS_ID = 0;

/**
 * The rate of the works a quote's travel costs follow (an accessory takes the rate of the
 * principal operation): the rate with the largest counted HT base, the higher rate on a tie, 20 %
 * when there is no line yet.
 */
export function mainTvaRate(lots: readonly QuoteLotInput[]): TvaRate {
  const totals = computeQuoteTotals(lots);
  let best: { rateBp: TvaRate; baseCents: number } | null = null;
  for (const r of totals.byRate) if (!best || r.baseCents > best.baseCents) best = r;
  return best?.rateBp ?? TVA_RATES[0];
}

/**
 * The quote's lots with its travel costs (HT, dépannage quotes only) as one more lot of one
 * « forfait » line at the main rate, so that totals, deposit, invoices and Factur-X count them
 * as they print them. No travel costs: the lots unchanged.
 */
export function withTravelCosts<L extends QuoteLotInput>(lots: readonly L[], travelCostCents: number | null | undefined): Array<L | TravelLot> {
  if (!travelCostCents || travelCostCents <= 0) return [...lots];
  return [...lots, travelLot(travelCostCents, mainTvaRate(lots))];
}

export interface TravelLot {
  id: number;
  title: string;
  travel: true;
  lines: Array<QuoteLineInput & { id: number; optional: boolean }>;
}

function travelLot(travelCostCents: number, rateBp: TvaRate): TravelLot {
  return {
    id: TRAVEL_COSTS_ID,
    title: TRAVEL_COSTS_TITLE,
    travel: true,
    lines: [
      {
        id: TRAVEL_COSTS_ID,
        designation: TRAVEL_COSTS_TITLE,
        quantityMilli: 1000,
        unit: 'forfait',
        unitPriceCents: travelCostCents,
        tvaRateBp: rateBp,
        discountBp: 0,
        optional: false,
      },
    ],
  };
}

/**
 * Why a quote's amounts cannot be sent or accepted, or null: its total TTC is not positive, a lot
 * with counted lines is not positive, or a discount or a negative line takes a rate of a lot below
 * zero (a deduction belongs with the works it reduces, at their rate).
 */
export function quoteAmountsRefusal(lots: readonly QuoteLotInput[], totals: Totals = computeQuoteTotals(lots)): Refusal | null {
  if (totals.totalTtcCents <= 0)
    return refusal(
      'QUOTE_TOTAL_NOT_POSITIVE',
      'Le total du devis doit être positif : une remise ou une ligne négative ne peut pas le rendre nul ou négatif.',
      {},
      400,
    );
  let index = 0;
  for (const lot of lots) {
    const bases = new Map<number, number>();
    let counted = 0;
    for (const line of lot.lines) {
      const net = totals.lines[index++];
      if (!net.counted) continue;
      counted += 1;
      bases.set(line.tvaRateBp, (bases.get(line.tvaRateBp) ?? 0) + net.netCents);
    }
    const subtotal = [...bases.values()].reduce((s, b) => s + b, 0);
    if (counted > 0 && subtotal <= 0) {
      return refusal('QUOTE_LOT_NOT_POSITIVE', `Le sous-total du lot « ${lot.title} » doit être positif.`, { lot: lot.title }, 400);
    }
    if ([...bases.values()].some((b) => b < 0)) {
      return refusal(
        'QUOTE_LOT_RATE_NEGATIVE',
        `Dans le lot « ${lot.title} », une remise ou une ligne négative dépasse les travaux de son taux de TVA : placez-la au taux des travaux qu’elle réduit.`,
        { lot: lot.title },
        400,
      );
    }
  }
  return null;
}
