import { computeQuoteTotals, quoteLineRefusal, TVA_RATES, type QuoteLineInput, type QuoteLotInput, type Totals, type TvaRate } from './money';
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

/** A place of a draft that is not complete enough to be sent: an untitled lot, or a line its rule refuses. */
export interface QuoteGap {
  /** 0-based lot index. */
  lot: number;
  /** 0-based line index in the lot; absent for the lot's own title. */
  line?: number;
  /** The field to complete (`title` of a lot, a line's `designation`, `quantity_milli`…). */
  field: 'title' | 'designation' | 'quantity_milli' | 'unit' | 'unit_price_cents' | 'tva_rate_bp' | 'discount_bp';
  refusal: Refusal;
}

const LINE_FIELD: Record<string, QuoteGap['field']> = {
  LINE_DESIGNATION_MISSING: 'designation',
  LINE_QUANTITY_INVALID: 'quantity_milli',
  LINE_UNIT_INVALID: 'unit',
  LINE_PRICE_INVALID: 'unit_price_cents',
  LINE_AMOUNT_TOO_LARGE: 'unit_price_cents',
  LINE_TVA_RATE_INVALID: 'tva_rate_bp',
  LINE_DISCOUNT_INVALID: 'discount_bp',
};

/**
 * What a draft still lacks before it can be sent (issue 36 §1, decision 1203): a draft is saved
 * with its lines as typed (an empty free line, a quantity not given), the editor marks these
 * places, and sending refuses them. One gap per lot title and per line (the first its rule names).
 */
export function quoteGaps(lots: ReadonlyArray<{ title: string; lines: readonly QuoteLineInput[] }>): QuoteGap[] {
  const gaps: QuoteGap[] = [];
  lots.forEach((lot, i) => {
    if (!lot.title.trim()) gaps.push({ lot: i, field: 'title', refusal: refusal('QUOTE_LOT_TITLE_MISSING', 'Donnez un titre au lot.', { lot: i + 1 }, 400) });
    lot.lines.forEach((line, j) => {
      const refused = quoteLineRefusal(line);
      if (refused) gaps.push({ lot: i, line: j, field: LINE_FIELD[refused.code] ?? 'designation', refusal: refused });
    });
  });
  return gaps;
}

/** Why a quote cannot be sent yet because of its content (400), or null: the first gap named, and how many there are. */
export function quoteGapsRefusal(lots: ReadonlyArray<{ title: string; lines: readonly QuoteLineInput[] }>): Refusal | null {
  const gaps = quoteGaps(lots);
  if (!gaps.length) return null;
  const first = gaps[0];
  const lot = lots[first.lot].title.trim() || `${first.lot + 1}`;
  if (first.line === undefined) {
    return refusal(
      'QUOTE_INCOMPLETE_LOT',
      `Le devis ne peut pas être envoyé : le lot n° ${first.lot + 1} n’a pas de titre (${gaps.length} point(s) à compléter en tout).`,
      { lot: first.lot + 1, count: gaps.length },
      400,
    );
  }
  return refusal(
    'QUOTE_INCOMPLETE_LINE',
    `Le devis ne peut pas être envoyé : dans le lot « ${lot} », la ligne ${first.line + 1} est incomplète (${first.refusal.message}) — ${gaps.length} point(s) à compléter en tout.`,
    { lot, line: first.line + 1, count: gaps.length },
    400,
  );
}
