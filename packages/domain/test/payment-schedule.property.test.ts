import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarDate,
  contractOf,
  draftInvoice,
  milestoneInvoiceRequest,
  paymentScheduleRefusal,
  scheduleAmounts,
  type PriorInvoice,
  type QuoteLotInput,
  type ScheduleMilestoneInput,
  type TvaRate,
} from '../src';

/**
 * The payment schedule against an independent reference (decision 1221). The reference shares no
 * code with `payment-schedule.ts` or `money.ts`: a percentage of the TTC is rounded to the cent,
 * halves away from zero; the last milestone is the contract less all the others.
 */

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const today = calendarDate('2026-12-02');

function roundHalfAway(numerator: bigint, denominator: bigint): number {
  const q = numerator / denominator;
  const rest = numerator - q * denominator;
  return Number(rest * 2n >= denominator ? q + 1n : q);
}
const refAmounts = (ttc: number, ms: readonly ScheduleMilestoneInput[]) => {
  const firsts = ms.slice(0, -1).map((m) => (m.percentBp != null ? roundHalfAway(BigInt(ttc) * BigInt(m.percentBp), 10_000n) : (m.amountCents as number)));
  return [...firsts, ttc - firsts.reduce((s, a) => s + a, 0)];
};

const rate = fc.constantFrom<TvaRate>(2000, 1000, 550, 0);
const lineArb = fc.record({
  designation: fc.constant('Ligne'),
  quantityMilli: fc.integer({ min: 1, max: 50_000 }),
  unit: fc.constant('u' as const),
  unitPriceCents: fc.integer({ min: 1, max: 1_000_000 }),
  tvaRateBp: rate,
  discountBp: fc.constant(0),
  optional: fc.constant(false),
});
const lotsArb = fc.array(fc.record({ title: fc.constant('Lot'), lines: fc.array(lineArb, { minLength: 1, maxLength: 6 }) }), { minLength: 1, maxLength: 4 });

/** Percentages cutting 100 % into 1 to 8 positive parts. */
const percentsArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 9_999 }), { maxLength: 7 })
  .map((cuts) => [0, ...cuts.sort((a, b) => a - b), 10_000].flatMap((c, i, all) => (i ? [c - all[i - 1]] : [])));

/** A schedule: a deposit at signature then stages, each a percentage, some turned into their amount. */
function scheduleOf(ttc: number, percents: number[], asAmount: boolean[]): ScheduleMilestoneInput[] {
  return percents.map((p, i) => ({
    trigger: i === 0 ? { kind: 'signature' } : { kind: 'label', label: `Étape ${i}` },
    ...(asAmount[i] && i < percents.length - 1 ? { amountCents: roundHalfAway(BigInt(ttc) * BigInt(p), 10_000n) || 1 } : { percentBp: p }),
  }));
}

describe('payment schedule — properties', () => {
  it('any valid schedule adds up to the contract to the cent, each milestone as the reference computes it', () => {
    fc.assert(
      fc.property(lotsArb, percentsArb, fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), (lots, percents, asAmount) => {
        const contract = contractOf(lots as QuoteLotInput[]);
        const ttc = contract.totals.totalTtcCents;
        const milestones = scheduleOf(ttc, percents, asAmount);
        const refusal = paymentScheduleRefusal({ contractKind: 'travaux', milestones }, { contractTtcCents: ttc, consumerWithdrawal: false, today });
        if (ttc <= 0) {
          // Lines of a thousandth of a unit at a cent round to a contract of 0 €: nothing to schedule.
          expect(refusal?.code).toBe('PAYMENT_SCHEDULE_NO_CONTRACT_TOTAL');
          return;
        }
        const expected = refAmounts(ttc, milestones);
        if (expected.some((a) => a <= 0)) {
          expect(refusal?.code).toBe('PAYMENT_SCHEDULE_AMOUNT_INVALID');
          return;
        }
        expect(refusal).toBeNull();
        const amounts = scheduleAmounts(ttc, milestones);
        expect(amounts).toEqual(expected);
        expect(amounts.reduce((s, a) => s + a, 0)).toBe(ttc);
      }),
      { numRuns: RUNS },
    );
  });

  it('each milestone invoice plus the invoices before it never exceeds the contract, and all of them are the contract', () => {
    fc.assert(
      fc.property(lotsArb, percentsArb, fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), (lots, percents, asAmount) => {
        const contract = contractOf(lots as QuoteLotInput[]);
        const ttc = contract.totals.totalTtcCents;
        const milestones = scheduleOf(ttc, percents, asAmount);
        if (paymentScheduleRefusal({ contractKind: 'travaux', milestones }, { contractTtcCents: ttc, consumerWithdrawal: false, today })) return;
        const amounts = scheduleAmounts(ttc, milestones);
        const prior: PriorInvoice[] = [];
        amounts.forEach((amountCents, i) => {
          const prepared = milestoneInvoiceRequest(contract, prior, { amountCents, last: i === amounts.length - 1 });
          if (!prepared) return;
          const drafted = draftInvoice(contract, prior, prepared.request);
          if (!drafted.ok) throw new Error(drafted.refusal.code);
          expect(drafted.draft.totals.totalTtcCents).toBe(prepared.amountCents);
          expect(prepared.amountCents).toBeLessThanOrEqual(amountCents + (i === amounts.length - 1 ? ttc : 0));
          prior.push({ number: `F-${i}`, kind: prepared.request.kind, issueDate: '2026-12-02', byRate: drafted.draft.byRate, progressBp: null, credited: [] });
          const invoiced = prior.reduce((s, p) => s + p.byRate.reduce((t, r) => t + r.baseCents + r.tvaCents, 0), 0);
          expect(invoiced).toBeLessThanOrEqual(ttc);
        });
        const invoiced = prior.reduce((s, p) => s + p.byRate.reduce((t, r) => t + r.baseCents + r.tvaCents, 0), 0);
        expect(invoiced).toBe(ttc);
      }),
      { numRuns: RUNS },
    );
  });
});
