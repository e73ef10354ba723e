import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contractOf,
  draftCreditNote,
  draftInvoice,
  withTravelCosts,
  type InvoiceRequest,
  type PriorInvoice,
  type QuoteLotInput,
  type RateAmount,
  type TvaRate,
} from '../src';

/**
 * Invoice sequences against an independent reference (issue 34 §1, decision 1000). The reference
 * below is written from the rules as a French accountant states them, with its own arithmetic, and
 * shares no code with `invoices.ts`:
 * - a line's net HT is quantity × price × (1 − discount), rounded to the cent, halves away from zero;
 * - the contract's TVA per rate is its base × rate, rounded once;
 * - work to date: each lot's HT × its progress, rounded once, split over the lot's rates in
 *   proportion to their bases (largest remainder), TVA per rate on the cumulative base;
 * - a situation invoices work to date less everything invoiced before (net of credit notes),
 *   per rate; the balance the contract less everything invoiced before;
 * - at the end, invoices less credit notes are the contract, per rate and in TTC, to the cent.
 */

const RUNS = Number(process.env.PROPERTY_RUNS ?? 500);

// ---- the reference ----------------------------------------------------------------------------

function roundHalfAway(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const q = n / denominator;
  const rest = n - q * denominator;
  const rounded = rest * 2n >= denominator ? q + 1n : q;
  return negative ? -rounded : rounded;
}
const ref = {
  net: (l: QuoteLotInput['lines'][number]) =>
    Number(roundHalfAway(BigInt(l.quantityMilli) * BigInt(l.unitPriceCents) * BigInt(10_000 - l.discountBp), 10_000_000n)),
  tva: (base: number, rate: number) => Number(roundHalfAway(BigInt(base) * BigInt(rate), 10_000n)),
  share: (amount: number, bp: number) => Number(roundHalfAway(BigInt(amount) * BigInt(bp), 10_000n)),
};
type Bases = Map<number, number>;
const add = (m: Bases, rate: number, cents: number) => m.set(rate, (m.get(rate) ?? 0) + cents);

/** Lot bases per rate, counted lines only. */
function refLots(lots: readonly QuoteLotInput[]): Bases[] {
  return lots.map((lot) => {
    const m: Bases = new Map();
    for (const l of lot.lines) if (!l.optional) add(m, l.tvaRateBp, ref.net(l));
    return m;
  });
}
function ttcOf(bases: Bases): number {
  let ttc = 0;
  for (const [rate, base] of bases) ttc += base + ref.tva(base, rate);
  return ttc;
}
/** Largest remainder split, ties to the earlier part. */
function refSplit(amount: number, weights: number[]): number[] {
  const total = weights.reduce((s, w) => s + BigInt(w), 0n);
  const exact = weights.map((w) => BigInt(amount) * BigInt(w));
  const floors = exact.map((e) => e / total);
  let left = BigInt(amount) - floors.reduce((s, f) => s + f, 0n);
  const order = exact.map((e, i) => ({ i, r: e % total })).sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of order) if (left-- > 0n) floors[i] += 1n;
  return floors.map(Number);
}
function refWork(lots: Bases[], progress: number[]): Bases {
  const work: Bases = new Map();
  lots.forEach((lot, i) => {
    // Ties of the split go to the higher rate.
    const rates = [...lot.keys()].sort((a, b) => b - a);
    const total = rates.reduce((s, r) => s + (lot.get(r) ?? 0), 0);
    if (!rates.length || total === 0) return;
    const parts = refSplit(
      ref.share(total, progress[i]),
      rates.map((r) => lot.get(r) ?? 0),
    );
    rates.forEach((r, k) => add(work, r, parts[k]));
  });
  return work;
}
/** The rate travel costs follow: the largest counted base, the higher rate on a tie, 20 % without lines. */
function refMainRate(lots: Bases[]): number {
  const all: Bases = new Map();
  for (const m of lots) for (const [r, b] of m) add(all, r, b);
  const sorted = [...all].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  return sorted.length ? sorted[0][0] : 2000;
}
const ttcOfAmounts = (list: readonly RateAmount[]) => list.reduce((s, r) => s + r.baseCents + r.tvaCents, 0);

// ---- generated quotes and sequences --------------------------------------------------------

const rate = fc.constantFrom<TvaRate>(2000, 1000, 550, 0);
const lineArb = fc.record({
  designation: fc.constant('Ligne'),
  quantityMilli: fc.integer({ min: 1, max: 80_000 }),
  unit: fc.constant('u' as const),
  unitPriceCents: fc.integer({ min: 1, max: 1_500_000 }),
  tvaRateBp: rate,
  discountBp: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5000 })),
  optional: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
});
const lotArb = fc.record({ title: fc.constant('Lot'), lines: fc.array(lineArb, { minLength: 1, maxLength: 40 }) });
/** A quote that can be sent: a positive total (decision 1001). */
const quoteArb = fc
  .array(lotArb, { minLength: 1, maxLength: 8 })
  .filter((lots) => ttcOf(refLots(lots).reduce((all, m) => (m.forEach((b, r) => add(all, r, b)), all), new Map())) > 0);

type Step =
  | { kind: 'acompte'; percentBp: number }
  | { kind: 'acompte-amount'; share: number }
  | { kind: 'situation'; deltas: number[] }
  | { kind: 'backwards' }
  | { kind: 'avoir'; pick: number; share: number | null };
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('acompte' as const), percentBp: fc.integer({ min: 1, max: 10_000 }) }),
  fc.record({ kind: fc.constant('acompte-amount' as const), share: fc.integer({ min: 1, max: 5000 }) }),
  fc.record({ kind: fc.constant('situation' as const), deltas: fc.array(fc.integer({ min: 0, max: 7000 }), { minLength: 9, maxLength: 9 }) }),
  fc.record({ kind: fc.constant('situation' as const), deltas: fc.array(fc.constantFrom(0, 2500, 5000, 10_000), { minLength: 9, maxLength: 9 }) }),
  fc.constant({ kind: 'backwards' as const }),
  fc.record({ kind: fc.constant('avoir' as const), pick: fc.nat(), share: fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: null }) }),
);

describe('invoice sequences against an independent reference (property)', () => {
  it('every invoice is work to date less what was invoiced before; credit notes take back at most what is left; the end is the contract', () => {
    fc.assert(
      fc.property(
        quoteArb,
        fc.option(fc.integer({ min: 1, max: 60_000 }), { nil: null }),
        fc.array(stepArb, { maxLength: 10 }),
        fc.integer({ min: 0, max: 500 }),
        (issuerLots, travel, steps, retentionBp) => {
          // A repair quote's travel costs are one more lot of one line at the main rate (decision 1002).
          const lots = withTravelCosts(issuerLots, travel);
          const contract = contractOf(lots, retentionBp);
          const refBases = refLots(issuerLots);
          if (travel) refBases.push(new Map([[refMainRate(refBases), travel]]));
          const contractBases: Bases = new Map();
          for (const m of refBases) for (const [r, b] of m) add(contractBases, r, b);
          const contractTtc = ttcOf(contractBases);
          expect(contract.totals.totalTtcCents).toBe(contractTtc);

          const issued: PriorInvoice[] = [];
          /** The progress of the last situation not cancelled by credit notes (a cancelled one no longer counts). */
          const currentProgress = () => {
            const live = issued.filter((i) => i.kind === 'situation' && ttcOfAmounts(i.byRate) - ttcOfAmounts(i.credited) > 0);
            return live.length ? (live[live.length - 1].progressBp as number[]) : lots.map(() => 0);
          };
          /** What the client was invoiced less what credit notes took back, TTC, by the reference's bookkeeping. */
          let netTtc = 0;
          const check = (request: InvoiceRequest) => draftInvoice(contract, issued, request);
          for (const s of steps) {
            if (s.kind === 'avoir') {
              if (!issued.length) continue;
              const target = issued[s.pick % issued.length];
              const leftTtc = ttcOfAmounts(target.byRate) - ttcOfAmounts(target.credited);
              const asked = s.share === null ? null : Math.max(1, Math.floor((leftTtc * s.share) / 10_000));
              const r = draftCreditNote(target, asked);
              if (!r.ok) {
                expect(leftTtc).toBeLessThanOrEqual(0);
                continue;
              }
              const took = r.totals.totalTtcCents;
              if (asked === null || asked === leftTtc) expect(took).toBe(leftTtc);
              else {
                expect(took).toBeLessThanOrEqual(asked);
                expect(took).toBeGreaterThanOrEqual(asked - 1);
              }
              target.credited = [...target.credited, ...r.byRate].reduce<RateAmount[]>((acc, a) => {
                const found = acc.find((x) => x.rateBp === a.rateBp);
                if (found) {
                  found.baseCents += a.baseCents;
                  found.tvaCents += a.tvaCents;
                } else acc.push({ ...a });
                return acc;
              }, []);
              netTtc -= took;
              continue;
            }
            if (s.kind === 'backwards') {
              const progress = currentProgress();
              const i = progress.findIndex((p) => p > 0);
              if (i < 0) continue;
              const r = check({ kind: 'situation', progressBp: progress.map((p, k) => (k === i ? p - 1 : p)) });
              expect(r.ok ? 'issued' : r.refusal.code).toBe('INVOICE_PROGRESS_DECREASING');
              continue;
            }
            let request: InvoiceRequest;
            let asked = 0;
            if (s.kind === 'acompte') {
              asked = ref.share(contractTtc, s.percentBp);
              request = { kind: 'acompte', percentBp: s.percentBp };
            } else if (s.kind === 'acompte-amount') {
              asked = Math.max(1, Math.floor((contractTtc * s.share) / 10_000));
              request = { kind: 'acompte', amountCents: asked };
            } else {
              request = { kind: 'situation', progressBp: currentProgress().map((p, i) => Math.min(10_000, p + s.deltas[i])) };
            }
            const r = check(request);
            const leftTtc = contractTtc - netTtc;
            if (request.kind === 'situation') {
              const asked = request.progressBp;
              const expected = ttcOf(refWork(refBases, asked)) - netTtc;
              if (!r.ok) {
                expect(r.refusal.code).toBe('INVOICE_NOTHING_TO_INVOICE');
                expect(expected).toBeLessThanOrEqual(0);
                continue;
              }
              expect(r.draft.totals.totalTtcCents).toBe(expected);
              expect(r.draft.work?.totalTtcCents).toBe(ttcOf(refWork(refBases, asked)));
            } else {
              if (!r.ok) {
                expect(['INVOICE_OVER_QUOTE', 'INVOICE_DEPOSIT_AMOUNT_INVALID']).toContain(r.refusal.code);
                if (r.refusal.code === 'INVOICE_OVER_QUOTE') expect(asked).toBeGreaterThan(leftTtc);
                continue;
              }
              expect(asked).toBeLessThanOrEqual(leftTtc);
              expect(r.draft.totals.totalTtcCents).toBeLessThanOrEqual(asked);
              expect(r.draft.totals.totalTtcCents).toBeGreaterThanOrEqual(asked - 1);
              for (const a of r.draft.byRate) expect(a.baseCents).toBeGreaterThanOrEqual(0);
            }
            expect(r.draft.totals.totalTtcCents).toBeGreaterThan(0);
            expect(r.draft.amountDueCents).toBe(r.draft.totals.totalTtcCents);
            netTtc += r.draft.totals.totalTtcCents;
            issued.push({
              number: `F-${issued.length + 1}`,
              kind: r.draft.kind,
              issueDate: '2026-12-01',
              byRate: r.draft.byRate,
              progressBp: r.draft.progressBp,
              credited: [],
            });
          }

          const balance = check({ kind: 'solde' });
          if (!balance.ok) {
            expect(balance.refusal.code).toBe('INVOICE_NOTHING_TO_INVOICE');
            expect(netTtc).toBe(contractTtc);
            return;
          }
          expect(balance.draft.totals.totalTtcCents).toBe(contractTtc - netTtc);
          expect(balance.draft.retentionCents).toBe(Math.min(ref.share(contractTtc, retentionBp), contractTtc - netTtc));
          expect(balance.draft.amountDueCents).toBe(balance.draft.totals.totalTtcCents - balance.draft.retentionCents);
          // Invoices less credit notes are the contract, rate by rate, base and TVA.
          const perRate: Bases = new Map();
          const tvaPerRate: Bases = new Map();
          const book = (a: RateAmount, sign: 1 | -1) => {
            add(perRate, a.rateBp, sign * a.baseCents);
            add(tvaPerRate, a.rateBp, sign * a.tvaCents);
          };
          for (const list of [...issued.map((i) => i.byRate), balance.draft.byRate]) for (const a of list) book(a, 1);
          for (const i of issued) for (const a of i.credited) book(a, -1);
          for (const [r, base] of contractBases) {
            expect(perRate.get(r) ?? 0).toBe(base);
            expect(tvaPerRate.get(r) ?? 0).toBe(ref.tva(base, r));
          }
        },
      ),
      { numRuns: RUNS },
    );
  }, 300_000);

  it('a second balance, re-invoicing a credited deposit, withholds no retenue the first balance already withheld', () => {
    const lots: QuoteLotInput[] = [
      { title: 'Lot', lines: [{ designation: 'Travaux', quantityMilli: 1000, unit: 'forfait', unitPriceCents: 1_000_000, tvaRateBp: 2000, discountBp: 0 }] },
    ];
    const contract = contractOf(lots, 500);
    const deposit = draftInvoice(contract, [], { kind: 'acompte', percentBp: 3000 });
    if (!deposit.ok) throw new Error(deposit.refusal.code);
    const prior: PriorInvoice[] = [{ number: 'F-1', kind: 'acompte', issueDate: '2026-12-01', byRate: deposit.draft.byRate, progressBp: null, credited: [] }];
    const balance = draftInvoice(contract, prior, { kind: 'solde' });
    if (!balance.ok) throw new Error(balance.refusal.code);
    // 5 % of 12 000 € TTC.
    expect(balance.draft.retentionCents).toBe(60_000);
    prior.push({
      number: 'F-2',
      kind: 'solde',
      issueDate: '2026-12-02',
      byRate: balance.draft.byRate,
      progressBp: null,
      credited: [],
      retentionCents: balance.draft.retentionCents,
    });
    prior[0].credited = deposit.draft.byRate;
    const again = draftInvoice(contract, prior, { kind: 'solde' });
    if (!again.ok) throw new Error(again.refusal.code);
    expect(again.draft.totals.totalTtcCents).toBe(360_000);
    expect(again.draft.retentionCents).toBe(0);
    expect(again.draft.amountDueCents).toBe(360_000);
  });

  it('the case found by hand: 30 % deposit, then 50 % of lot 1 and 25 % of lot 2 invoices work to date less the deposit', () => {
    const lots: QuoteLotInput[] = [
      {
        title: 'Gros œuvre',
        lines: [{ designation: 'Maçonnerie', quantityMilli: 1000, unit: 'forfait', unitPriceCents: 300_000, tvaRateBp: 1000, discountBp: 0 }],
      },
      {
        title: 'Électricité',
        lines: [{ designation: 'Tableau', quantityMilli: 1000, unit: 'forfait', unitPriceCents: 450_000, tvaRateBp: 2000, discountBp: 0 }],
      },
    ];
    const contract = contractOf(lots);
    const deposit = draftInvoice(contract, [], { kind: 'acompte', percentBp: 3000 });
    if (!deposit.ok) throw new Error(deposit.refusal.code);
    const prior: PriorInvoice[] = [{ number: 'F-1', kind: 'acompte', issueDate: '2026-12-01', byRate: deposit.draft.byRate, progressBp: null, credited: [] }];
    const situation = draftInvoice(contract, prior, { kind: 'situation', progressBp: [5000, 2500] });
    if (!situation.ok) throw new Error(situation.refusal.code);
    // Work: 1 500 € HT at 10 % (1 650 TTC) + 1 125 € HT at 20 % (1 350 TTC) = 3 000 €; deposit 30 % of 8 700 = 2 610 €.
    expect(situation.draft.work?.totalTtcCents).toBe(300_000);
    expect(deposit.draft.totals.totalTtcCents).toBe(261_000);
    expect(situation.draft.totals.totalTtcCents).toBe(39_000);
  });
});
