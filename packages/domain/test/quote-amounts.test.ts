import { describe, expect, it } from 'vitest';
import {
  computeQuoteTotals,
  contractOf,
  draftInvoice,
  mainTvaRate,
  quoteAmountsRefusal,
  quoteGaps,
  quoteGapsRefusal,
  TRAVEL_COSTS_TITLE,
  withTravelCosts,
  type QuoteLotInput,
} from '../src';

const line = (
  unitPriceCents: number,
  tvaRateBp: 2000 | 1000 | 550 | 0,
  extra: Partial<QuoteLotInput['lines'][number]> = {},
): QuoteLotInput['lines'][number] => ({
  designation: 'Ligne',
  quantityMilli: 1000,
  unit: 'u',
  unitPriceCents,
  tvaRateBp,
  discountBp: 0,
  ...extra,
});

describe('travel costs of a repair quote (decision 1002)', () => {
  const repair: QuoteLotInput[] = [{ title: 'Réparation', lines: [line(12_000, 1000), line(3_000, 2000)] }];

  it('count as a lot of their own at the works’ main rate, in the total, the deposit and the balance', () => {
    const lots = withTravelCosts(repair, 4_500);
    expect(lots).toHaveLength(2);
    expect(lots[1]).toMatchObject({ title: TRAVEL_COSTS_TITLE, lines: [{ unitPriceCents: 4_500, tvaRateBp: 1000, quantityMilli: 1000, unit: 'forfait' }] });
    const totals = computeQuoteTotals(lots);
    // 120 + 45 = 165 € at 10 % (16,50) and 30 € at 20 % (6 €): 217,50 € TTC.
    expect(totals.totalTtcCents).toBe(21_750);
    const contract = contractOf(lots);
    const balance = draftInvoice(contract, [], { kind: 'solde' });
    expect(balance.ok && balance.draft.totals.totalTtcCents).toBe(21_750);
  });

  it('leave the lots unchanged when there are none', () => {
    expect(withTravelCosts(repair, null)).toEqual(repair);
    expect(withTravelCosts(repair, 0)).toEqual(repair);
  });

  it('follow the rate with the largest base, the higher one on a tie, 20 % without lines', () => {
    expect(mainTvaRate([{ title: 'A', lines: [line(100, 550), line(100, 1000)] }])).toBe(1000);
    expect(mainTvaRate([{ title: 'A', lines: [line(100, 550), line(101, 0)] }])).toBe(0);
    expect(mainTvaRate([])).toBe(2000);
  });
});

describe('no quote amount below zero (decision 1001)', () => {
  it('refuses a negative or zero total', () => {
    const lots = [{ title: 'Lot', lines: [line(-100_000, 2000), line(50_000, 2000)] }];
    expect(quoteAmountsRefusal(lots)?.code).toBe('QUOTE_TOTAL_NOT_POSITIVE');
  });

  it('refuses a lot whose counted lines add up to zero or less', () => {
    const lots = [
      { title: 'Gros œuvre', lines: [line(100_000, 2000)] },
      { title: 'Reprise', lines: [line(-10_000, 2000)] },
    ];
    expect(quoteAmountsRefusal(lots)).toMatchObject({ code: 'QUOTE_LOT_NOT_POSITIVE', params: { lot: 'Reprise' }, status: 400 });
  });

  it('refuses a deduction at a rate whose works it exceeds, and accepts it at the works’ rate', () => {
    const wrong = [{ title: 'Cuisine', lines: [line(100_000, 1000), line(-20_000, 2000)] }];
    expect(quoteAmountsRefusal(wrong)?.code).toBe('QUOTE_LOT_RATE_NEGATIVE');
    const right = [{ title: 'Cuisine', lines: [line(100_000, 1000), line(-20_000, 1000)] }];
    expect(quoteAmountsRefusal(right)).toBeNull();
  });

  it('does not count options the client did not take, but counts those taken', () => {
    const lots = [{ title: 'Lot', lines: [line(10_000, 2000), line(-20_000, 2000, { optional: true })] }];
    expect(quoteAmountsRefusal(lots)).toBeNull();
    const taken = [{ title: 'Lot', lines: [line(10_000, 2000), line(-20_000, 2000, { optional: false })] }];
    expect(quoteAmountsRefusal(taken)?.code).toBe('QUOTE_TOTAL_NOT_POSITIVE');
  });
});

describe('what a draft lacks before it is sent (decision 1203)', () => {
  it('names each untitled lot and each incomplete line by position, and nothing when the quote is complete', () => {
    const lots = [
      { title: 'Plomberie', lines: [line(25_000, 1000), line(0, 2000, { designation: ' ' }), line(1_000, 2000, { quantityMilli: 0 })] },
      { title: '', lines: [line(5_000, 2000)] },
    ];
    expect(quoteGaps(lots).map((g) => [g.lot, g.line, g.field, g.refusal.code])).toEqual([
      [0, 1, 'designation', 'LINE_DESIGNATION_MISSING'],
      [0, 2, 'quantity_milli', 'LINE_QUANTITY_INVALID'],
      [1, undefined, 'title', 'QUOTE_LOT_TITLE_MISSING'],
    ]);
    expect(quoteGaps([{ title: 'Plomberie', lines: [line(25_000, 1000), line(0, 2000)] }])).toEqual([]);
  });

  it('refuses the sending with the first gap and how many there are (400)', () => {
    const refusal = quoteGapsRefusal([
      { title: 'Plomberie', lines: [line(25_000, 1000), line(0, 2000, { designation: '' }), line(1, 2000, { quantityMilli: 0 })] },
    ]);
    expect(refusal).toMatchObject({ code: 'QUOTE_INCOMPLETE_LINE', status: 400, params: { lot: 'Plomberie', line: 2, count: 2 } });
    expect(refusal?.message).toContain('Indiquez la désignation de la ligne.');
    expect(quoteGapsRefusal([{ title: ' ', lines: [] }])).toMatchObject({ code: 'QUOTE_INCOMPLETE_LOT', params: { lot: 1, count: 1 } });
    expect(quoteGapsRefusal([{ title: 'Plomberie', lines: [line(25_000, 1000)] }])).toBeNull();
  });
});
