import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  computeQuoteTotals,
  computeTotals,
  divideRounded,
  eurosToCents,
  formatEuros,
  formatPercent,
  formatQuantity,
  lineNetCents,
  parseEuros,
  parsePercent,
  parseQuantity,
  percentOf,
  quoteLineRefusal,
  TVA_RATES,
  type LineAmounts,
  type QuoteLineInput,
} from '../src';

const line = (quantityMilli: number, unitPriceCents: number, tvaRateBp: (typeof TVA_RATES)[number], discountBp = 0, optional = false): LineAmounts => ({
  quantityMilli,
  unitPriceCents,
  tvaRateBp,
  discountBp,
  optional,
});

// Random quote lines: up to 1 000 units with 3 decimals, up to 100 000 € a unit, any rate, any discount.
const lineArb = fc.record({
  quantityMilli: fc.integer({ min: 1, max: 1_000_000 }),
  unitPriceCents: fc.integer({ min: 0, max: 10_000_000 }),
  tvaRateBp: fc.constantFrom(...TVA_RATES),
  discountBp: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000 })),
  optional: fc.boolean(),
});
const quoteArb = fc.array(lineArb, { minLength: 1, maxLength: 40 });

describe('rounding', () => {
  it('rounds halves away from zero, on exact integers', () => {
    expect(divideRounded(5n, 10n)).toBe(1n);
    expect(divideRounded(-5n, 10n)).toBe(-1n);
    expect(divideRounded(4n, 10n)).toBe(0n);
    expect(divideRounded(15n, 10n)).toBe(2n);
    expect(divideRounded(-15n, 10n)).toBe(-2n);
    expect(divideRounded(14n, -10n)).toBe(-1n);
  });
});

describe('computeTotals, known values', () => {
  it('3 × 33,33 € at 20 %: 99,99 € HT, 20,00 € TVA, 119,99 € TTC', () => {
    const t = computeTotals([line(3000, 3333, 2000)]);
    expect(t.lines).toEqual([{ netCents: 9999, counted: true }]);
    expect(t.byRate).toEqual([{ rateBp: 2000, baseCents: 9999, tvaCents: 2000 }]);
    expect(t).toMatchObject({ totalHtCents: 9999, totalTvaCents: 2000, totalTtcCents: 11999 });
  });

  it('computes TVA once per rate on the summed base, not per line', () => {
    // Three lines of 0,25 € at 5,5 %: per line 0,01375 → 0,01 each (0,03), on the base 0,75 → 0,04.
    const t = computeTotals([line(1000, 25, 550), line(1000, 25, 550), line(1000, 25, 550)]);
    expect(t.byRate).toEqual([{ rateBp: 550, baseCents: 75, tvaCents: 4 }]);
    expect(t.totalTtcCents).toBe(79);
  });

  it('5,5 % and 10 % and 20 % lines, with a discount and an optional line', () => {
    const t = computeTotals([
      line(12_500, 4590, 550), // 12,5 m² × 45,90 € = 573,75 €
      line(1000, 120_000, 1000, 1000), // 1 200 € − 10 % = 1 080 €
      line(2333, 1999, 2000), // 2,333 × 19,99 = 46,63667 → 46,64 €
      line(1000, 50_000, 2000, 0, true), // in option: not counted
    ]);
    expect(t.lines.map((l) => l.netCents)).toEqual([57_375, 108_000, 4664, 50_000]);
    expect(t.lines[3].counted).toBe(false);
    expect(t.byRate).toEqual([
      { rateBp: 2000, baseCents: 4664, tvaCents: 933 }, // 9,328 → 9,33
      { rateBp: 1000, baseCents: 108_000, tvaCents: 10_800 },
      { rateBp: 550, baseCents: 57_375, tvaCents: 3156 }, // 31,55625 → 31,56
    ]);
    expect(t).toMatchObject({ totalHtCents: 170_039, totalTvaCents: 14_889, totalTtcCents: 184_928 });
  });

  it('rounds the line half away from zero: 0,5 cent up, −0,5 cent down', () => {
    expect(lineNetCents({ quantityMilli: 500, unitPriceCents: 1, discountBp: 0 })).toBe(1);
    expect(lineNetCents({ quantityMilli: 500, unitPriceCents: -1, discountBp: 0 })).toBe(-1);
    expect(lineNetCents({ quantityMilli: 1000, unitPriceCents: 999, discountBp: 5000 })).toBe(500); // 4,995 → 5,00
  });

  it('a credit note with the opposite prices has exactly the opposite totals', () => {
    fc.assert(
      fc.property(quoteArb, (lines) => {
        const invoice = computeTotals(lines);
        const credit = computeTotals(lines.map((l) => ({ ...l, unitPriceCents: -l.unitPriceCents })));
        expect(credit.totalTtcCents).toBe(-invoice.totalTtcCents || 0);
        expect(credit.totalTvaCents).toBe(-invoice.totalTvaCents || 0);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps lots’ subtotals', () => {
    const lot = (title: string, lines: LineAmounts[]) => ({ title, lines: lines.map((l) => ({ ...l, designation: title, unit: 'u' as const })) });
    const t = computeQuoteTotals([lot('Gros œuvre', [line(1000, 10_000, 2000), line(2000, 500, 2000, 0, true)]), lot('Peinture', [line(3000, 3333, 1000)])]);
    expect(t.lots).toEqual([
      { title: 'Gros œuvre', subtotalHtCents: 10_000 },
      { title: 'Peinture', subtotalHtCents: 9999 },
    ]);
    expect(t.totalHtCents).toBe(19_999);
  });
});

describe('computeTotals, thousands of random quotes', () => {
  it('TTC = Σ per-rate HT + TVA; HT = Σ counted line nets; each rate’s TVA within half a cent of exact', () => {
    fc.assert(
      fc.property(quoteArb, (lines) => {
        const t = computeTotals(lines);
        const counted = t.lines.filter((l) => l.counted).reduce((s, l) => s + l.netCents, 0);
        expect(t.totalHtCents).toBe(counted);
        expect(t.totalHtCents).toBe(t.byRate.reduce((s, r) => s + r.baseCents, 0));
        expect(t.totalTvaCents).toBe(t.byRate.reduce((s, r) => s + r.tvaCents, 0));
        expect(t.totalTtcCents).toBe(t.byRate.reduce((s, r) => s + r.baseCents + r.tvaCents, 0));
        for (const r of t.byRate) {
          // |tva − base × rate| ≤ 0,5 cent, in exact integers (× 10 000).
          const error = BigInt(r.tvaCents) * 10_000n - BigInt(r.baseCents) * BigInt(r.rateBp);
          expect(error <= 5000n && error >= -5000n).toBe(true);
        }
        for (const [i, l] of lines.entries()) {
          const exact = BigInt(l.quantityMilli) * BigInt(l.unitPriceCents) * BigInt(10_000 - l.discountBp);
          const error = BigInt(t.lines[i].netCents) * 10_000_000n - exact;
          expect(error <= 5_000_000n && error >= -5_000_000n).toBe(true);
        }
        // Rates appear once each, highest first.
        expect(t.byRate.map((r) => r.rateBp)).toEqual([...TVA_RATES].filter((r) => t.byRate.some((x) => x.rateBp === r)));
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses unknown rates and fractional cents instead of guessing', () => {
    expect(() => computeTotals([{ ...line(1000, 100, 2000), tvaRateBp: 1960 as never }])).toThrow(/Taux de TVA/);
    expect(() => computeTotals([line(1000, 10.5, 2000)])).toThrow(/entier/);
  });
});

describe('quote line input', () => {
  const ok: QuoteLineInput = { designation: 'Peinture murs', quantityMilli: 12_500, unit: 'm²', unitPriceCents: 2500, tvaRateBp: 1000, discountBp: 0 };
  it('accepts a typed line and refuses each bad field with its code', () => {
    expect(quoteLineRefusal(ok)).toBeNull();
    expect(quoteLineRefusal({ ...ok, designation: ' ' })?.code).toBe('LINE_DESIGNATION_MISSING');
    expect(quoteLineRefusal({ ...ok, quantityMilli: 0 })?.code).toBe('LINE_QUANTITY_INVALID');
    expect(quoteLineRefusal({ ...ok, unit: 'km' as never })?.code).toBe('LINE_UNIT_INVALID');
    expect(quoteLineRefusal({ ...ok, unitPriceCents: 1.5 })?.code).toBe('LINE_PRICE_INVALID');
    expect(quoteLineRefusal({ ...ok, tvaRateBp: 700 as never })?.code).toBe('LINE_TVA_RATE_INVALID');
    expect(quoteLineRefusal({ ...ok, discountBp: 10_001 })?.code).toBe('LINE_DISCOUNT_INVALID');
    expect(quoteLineRefusal({ ...ok, discountBp: 10_001 })?.status).toBe(400);
  });
});

describe('allocate', () => {
  it('splits by the largest remainder', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(1000, [3000, 7000])).toEqual([300, 700]);
    expect(allocate(1001, [3333, 3333, 3334])).toEqual([334, 333, 334]); // 333,63 · 333,63 · 333,73
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocate(5, [0, 1])).toEqual([0, 5]);
    expect(() => allocate(5, [0, 0])).toThrow();
    expect(() => allocate(5, [-1, 2])).toThrow();
  });

  it('parts always sum exactly and each is within 1 cent of its exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 20 }).filter((w) => w.some((x) => x > 0)),
        (amount, weights) => {
          const parts = allocate(amount, weights);
          expect(parts.reduce((s, p) => s + p, 0)).toBe(amount);
          const total = BigInt(weights.reduce((s, w) => s + w, 0));
          parts.forEach((part, i) => {
            const error = BigInt(part) * total - BigInt(amount) * BigInt(weights[i]);
            expect(error < total && error > -total).toBe(true);
          });
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('a percentage of an amount', () => {
    expect(percentOf(11_999, 3000)).toBe(3600); // 35,997 → 36,00
    expect(percentOf(100_001, 500)).toBe(5000); // 50,0005 → 50,00
  });
});

describe('euros ↔ cents and French display', () => {
  it('parses French and English input', () => {
    expect(parseEuros('1 234,56')).toEqual({ ok: true, value: 123_456 });
    expect(parseEuros('1234.5')).toEqual({ ok: true, value: 123_450 });
    expect(parseEuros('1\u202f234,56 €')).toEqual({ ok: true, value: 123_456 });
    expect(parseEuros('0,05')).toEqual({ ok: true, value: 5 });
    expect(parseEuros(',5')).toEqual({ ok: true, value: 50 });
    expect(parseEuros(12.3)).toEqual({ ok: true, value: 1230 });
    expect(parseEuros('-3', { allowNegative: true })).toEqual({ ok: true, value: -300 });
  });

  it('refuses with a clear code and French message', () => {
    const code = (input: string) => {
      const r = parseEuros(input);
      return r.ok ? null : r.refusal.code;
    };
    expect(code('')).toBe('MONEY_EMPTY');
    expect(code('  ')).toBe('MONEY_EMPTY');
    expect(code('abc')).toBe('MONEY_FORMAT');
    expect(code('1.234,56')).toBe('MONEY_FORMAT');
    expect(code('12,345')).toBe('MONEY_DECIMALS');
    expect(code('-3')).toBe('MONEY_NEGATIVE');
    expect(code('999999999999999')).toBe('MONEY_TOO_LARGE');
    const r = parseEuros('12,345');
    expect(!r.ok && r.refusal.message).toBe('Le montant a au plus 2 décimales.');
    expect(!r.ok && r.refusal.status).toBe(400);
    expect(eurosToCents('')).toBeNull();
    expect(eurosToCents(null)).toBeNull();
    expect(eurosToCents('12,5')).toBe(1250);
    expect(eurosToCents('douze')).toBeNull();
  });

  it('formats 1 234,56 € with plain spaces', () => {
    expect(formatEuros(123_456)).toBe('1 234,56 €');
    expect(formatEuros(5)).toBe('0,05 €');
    expect(formatEuros(0)).toBe('0,00 €');
    expect(formatEuros(-123_456_789)).toBe('-1 234 567,89 €');
    expect(formatEuros(100_000_000)).toBe('1 000 000,00 €');
    expect(formatEuros(1_000_000, { wholeEuros: true })).toBe('10 000 €');
    expect(formatEuros(1_050, { wholeEuros: true })).toBe('11 €');
  });

  it('quantities and percentages', () => {
    expect(parseQuantity('1,5')).toEqual({ ok: true, value: 1500 });
    expect(parseQuantity('12.125')).toEqual({ ok: true, value: 12_125 });
    expect(parseQuantity('1,2345').ok).toBe(false);
    expect(parseQuantity('0').ok).toBe(false);
    expect(formatQuantity(1500)).toBe('1,5');
    expect(formatQuantity(1_234_000)).toBe('1 234');
    expect(parsePercent('5,5 %')).toEqual({ ok: true, value: 550 });
    expect(parsePercent('101').ok).toBe(false);
    expect(formatPercent(550)).toBe('5,5 %');
    expect(formatPercent(2000)).toBe('20 %');
  });

  it('round trip: format then parse gives the same cents, for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000_000, max: 10_000_000_000_000 }), (cents) => {
        expect(parseEuros(formatEuros(cents), { allowNegative: true })).toEqual({ ok: true, value: cents });
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), (milli) => {
        expect(parseQuantity(formatQuantity(milli))).toEqual({ ok: true, value: milli });
      }),
      { numRuns: 1000 },
    );
  });
});
