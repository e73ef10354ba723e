import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amendLots,
  avenantAmounts,
  avenantInvoicedRefusal,
  avenantRefusal,
  contractOf,
  creditNoteOrderRefusal,
  draftCreditNote,
  draftInvoice,
  type AvenantLotInput,
  type InvoiceRequest,
  type PriorInvoice,
  type QuoteLineInput,
  type QuoteLotInput,
  type RateAmount,
  type TvaRate,
} from '../src';
import { refContract, refTtc } from './reference-arithmetic';

/**
 * Avenants against an independent reference (issue 38 §1, decision 1220). The reference below has
 * its own arithmetic and shares no code with `avenants.ts` or `invoices.ts`:
 * - the amended contract is every counted line of the quote and of the signed avenants (negative
 *   quantities included); its base per rate the sum of the lines' nets (each rounded to the cent,
 *   halves away from zero), its TVA per rate the base × rate rounded once;
 * - the quote's amounts plus every signed avenant's change are the amended contract, per rate, to the cent;
 * - whatever sequence of signed avenants, deposits, situations, balances and credit notes, what the
 *   invoices took (net of credit notes) never exceeds the contract as amended at that moment, per
 *   rate and in TTC.
 */

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);

// ---- the reference ----------------------------------------------------------------------------

const asMap = (list: readonly RateAmount[]) =>
  new Map(list.filter((r) => r.baseCents !== 0 || r.tvaCents !== 0).map((r) => [r.rateBp as number, { base: r.baseCents, tva: r.tvaCents }]));
function addInto(acc: Map<number, { base: number; tva: number }>, list: readonly RateAmount[]) {
  for (const r of list) {
    const a = acc.get(r.rateBp) ?? { base: 0, tva: 0 };
    acc.set(r.rateBp, { base: a.base + r.baseCents, tva: a.tva + r.tvaCents });
  }
  for (const [k, v] of acc) if (v.base === 0 && v.tva === 0) acc.delete(k);
  return acc;
}

// ---- generated quotes, avenants and invoices ---------------------------------------------------

const rate = fc.constantFrom<TvaRate>(2000, 1000, 550, 0);
const lineArb = fc.record({
  designation: fc.constant('Ligne'),
  quantityMilli: fc.integer({ min: 1, max: 50_000 }),
  unit: fc.constant('u' as const),
  unitPriceCents: fc.integer({ min: 1, max: 1_000_000 }),
  tvaRateBp: rate,
  discountBp: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5000 })),
});
const quoteArb = fc.array(fc.record({ title: fc.constant('Lot'), lines: fc.array(lineArb, { minLength: 1, maxLength: 6 }) }), { minLength: 1, maxLength: 5 });

type Step =
  | { kind: 'avenant'; adds: Array<{ lot: number | null; line: QuoteLineInput }>; removes: Array<{ lot: number; line: number; share: number }> }
  | { kind: 'acompte'; percentBp: number }
  | { kind: 'situation'; deltas: number[] }
  | { kind: 'solde' }
  | { kind: 'avoir'; pick: number; share: number | null };
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('avenant' as const),
    adds: fc.array(fc.record({ lot: fc.option(fc.nat({ max: 9 }), { nil: null }), line: lineArb }), { maxLength: 3 }),
    removes: fc.array(fc.record({ lot: fc.nat(), line: fc.nat(), share: fc.integer({ min: 1, max: 10_000 }) }), { maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('acompte' as const), percentBp: fc.integer({ min: 1, max: 4000 }) }),
  fc.record({ kind: fc.constant('situation' as const), deltas: fc.array(fc.constantFrom(0, 1000, 2500, 5000, 10_000), { minLength: 12, maxLength: 12 }) }),
  fc.constant({ kind: 'solde' as const }),
  fc.record({ kind: fc.constant('avoir' as const), pick: fc.nat(), share: fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: null }) }),
);

/** The avenant a step describes on the current lots: lines added, and existing lines reduced by a share of their quantity (same price, rate and discount). */
function avenantOf(lots: readonly QuoteLotInput[], step: Extract<Step, { kind: 'avenant' }>): AvenantLotInput[] {
  const byLot = new Map<number | null, QuoteLineInput[]>();
  const push = (lot: number | null, line: QuoteLineInput) => byLot.set(lot, [...(byLot.get(lot) ?? []), line]);
  for (const a of step.adds) push(a.lot === null || a.lot >= lots.length ? null : a.lot, a.line);
  for (const r of step.removes) {
    const lot = r.lot % lots.length;
    const line = lots[lot].lines[r.line % lots[lot].lines.length];
    if (!line || line.quantityMilli <= 0) continue;
    const quantity = Math.max(1, Math.floor((line.quantityMilli * r.share) / 10_000));
    push(lot, { ...line, quantityMilli: -quantity });
  }
  return [...byLot].map(([lotIndex, lines]) => ({ lotIndex, title: lotIndex === null ? 'Travaux supplémentaires' : lots[lotIndex].title, lines }));
}

const rateTtc = (list: readonly RateAmount[]) => new Map(list.map((r) => [r.rateBp as number, r.baseCents + r.tvaCents]));
const net = (p: PriorInvoice) => {
  const credited = rateTtc(p.credited);
  return p.byRate.map((r) => ({ rate: r.rateBp as number, ttc: r.baseCents + r.tvaCents - (credited.get(r.rateBp) ?? 0) }));
};

describe('avenants against an independent reference (property)', () => {
  it('the amended contract is the quote plus every signed avenant, per rate, to the cent; invoices never exceed it', () => {
    fc.assert(
      fc.property(quoteArb, fc.array(stepArb, { maxLength: 12 }), (quote, steps) => {
        let lots: QuoteLotInput[] = quote;
        const allLines: QuoteLineInput[] = quote.flatMap((l) => l.lines);
        const original = contractOf(quote);
        const sumOfChanges = asMap(original.byRate);
        const issued: PriorInvoice[] = [];
        let progress: number[] = lots.map(() => 0);
        let signed = 0;
        for (const step of steps) {
          const contract = contractOf(lots);
          if (step.kind === 'avenant') {
            const avenant = avenantOf(lots, step);
            const amounts = avenantAmounts(lots, avenant);
            // The change is the contract after less the contract before, per rate.
            for (const rateBp of [2000, 1000, 550, 0]) {
              const b = amounts.before.byRate.find((r) => r.rateBp === rateBp);
              const c = amounts.change.byRate.find((r) => r.rateBp === rateBp);
              const a = amounts.after.byRate.find((r) => r.rateBp === rateBp);
              expect((b?.baseCents ?? 0) + (c?.baseCents ?? 0)).toBe(a?.baseCents ?? 0);
              expect((b?.tvaCents ?? 0) + (c?.tvaCents ?? 0)).toBe(a?.tvaCents ?? 0);
            }
            const refused = avenantRefusal(lots, avenant) ?? avenantInvoicedRefusal(amounts, issued);
            if (refused) {
              expect(refused.code).toMatch(/^AVENANT_/);
              continue;
            }
            signed += 1;
            lots = amendLots(lots, [avenant]);
            allLines.push(...avenant.flatMap((l) => l.lines));
            addInto(sumOfChanges, amounts.change.byRate);
            progress = lots.map((_, i) => progress[i] ?? 0);
            // The amended contract by the reference, from every line, and by the sum of the changes.
            const amended = contractOf(lots);
            expect(asMap(amended.byRate)).toEqual(refContract(allLines));
            expect(sumOfChanges).toEqual(refContract(allLines));
            expect(amended.totals.totalTtcCents).toBe(refTtc(refContract(allLines)));
            continue;
          }
          let request: InvoiceRequest | null = null;
          if (step.kind === 'acompte') request = { kind: 'acompte', percentBp: step.percentBp };
          else if (step.kind === 'situation') request = { kind: 'situation', progressBp: progress.map((p, i) => Math.min(10_000, p + (step.deltas[i] ?? 0))) };
          else if (step.kind === 'solde') request = { kind: 'solde' };
          if (request) {
            const r = draftInvoice(contract, issued, request);
            if (r.ok) {
              issued.push({
                number: `F-${issued.length + 1}`,
                kind: r.draft.kind,
                issueDate: '2026-01-01',
                byRate: r.draft.byRate,
                progressBp: r.draft.progressBp,
                credited: [],
                retentionCents: r.draft.retentionCents,
              });
              if (r.draft.progressBp) progress = r.draft.progressBp;
            }
          } else if (step.kind === 'avoir' && issued.length) {
            const target = issued[step.pick % issued.length];
            const left = net(target).reduce((s, x) => s + x.ttc, 0);
            const asked = step.share === null ? null : Math.max(1, Math.floor((left * step.share) / 10_000));
            // A situation a later standing situation or balance builds on is credited only after it.
            const standing = (p: PriorInvoice) => net(p).reduce((s, x) => s + x.ttc, 0) > 0;
            const builtOn = target.kind === 'situation' && issued.slice(issued.indexOf(target) + 1).some((p) => p.kind !== 'acompte' && standing(p));
            expect(creditNoteOrderRefusal(target, issued)?.code ?? null).toBe(builtOn ? 'INVOICE_CREDIT_LATER_SITUATION' : null);
            if (builtOn) continue;
            const r = draftCreditNote(target, asked);
            if (r.ok) {
              const credited = new Map(target.credited.map((c) => [c.rateBp, { ...c }]));
              for (const c of r.byRate) {
                const found = credited.get(c.rateBp);
                credited.set(c.rateBp, found ? { ...found, baseCents: found.baseCents + c.baseCents, tvaCents: found.tvaCents + c.tvaCents } : { ...c });
              }
              target.credited = [...credited.values()];
              // A situation wholly credited no longer counts for the progress (as the domain reads it).
              const live = issued.filter((p) => p.kind === 'situation' && net(p).reduce((s, x) => s + x.ttc, 0) > 0);
              const last = live[live.length - 1];
              progress = lots.map((_, i) => last?.progressBp?.[i] ?? 0);
            }
          }
          // What the invoices took, net of credit notes, never exceeds the amended contract, per rate and in TTC.
          const amended = refContract(allLines);
          const took = new Map<number, number>();
          for (const p of issued) for (const x of net(p)) took.set(x.rate, (took.get(x.rate) ?? 0) + x.ttc);
          for (const [r, ttc] of took) expect(ttc).toBeLessThanOrEqual((amended.get(r)?.base ?? 0) + (amended.get(r)?.tva ?? 0));
          expect([...took.values()].reduce((s, t) => s + t, 0)).toBeLessThanOrEqual(refTtc(amended));
        }
        return signed >= 0;
      }),
      { numRuns: RUNS },
    );
  });

  it('an avenant taking a lot below what its situations invoiced is refused until an avoir takes it back', () => {
    const lots: QuoteLotInput[] = [
      { title: 'Gros œuvre', lines: [{ designation: 'Mur', quantityMilli: 10_000, unit: 'm²', unitPriceCents: 10_000, tvaRateBp: 1000, discountBp: 0 }] },
    ];
    const contract = contractOf(lots);
    const situation = draftInvoice(contract, [], { kind: 'situation', progressBp: [8000] });
    if (!situation.ok) throw new Error(situation.refusal.message);
    const prior: PriorInvoice[] = [
      { number: 'F-1', kind: 'situation', issueDate: '2026-01-01', byRate: situation.draft.byRate, progressBp: [8000], credited: [] },
    ];
    const removeHalf: AvenantLotInput[] = [{ lotIndex: 0, title: 'Gros œuvre', lines: [{ ...lots[0].lines[0], quantityMilli: -5000 }] }];
    const amounts = avenantAmounts(lots, removeHalf);
    expect(avenantRefusal(lots, removeHalf)).toBeNull();
    const refused = avenantInvoicedRefusal(amounts, prior);
    expect(refused?.code).toBe('AVENANT_BELOW_INVOICED');
    expect(refused?.params).toMatchObject({ lot: 'Gros œuvre', after_cents: 50_000, invoiced_cents: 80_000 });
    // The situation wholly credited: the avenant can take effect.
    prior[0].credited = situation.draft.byRate;
    expect(avenantInvoicedRefusal(amounts, prior)).toBeNull();
  });

  it('refuses a zero quantity, a lot taken below zero, an unknown lot, an empty avenant', () => {
    const lots: QuoteLotInput[] = [
      { title: 'Lot', lines: [{ designation: 'A', quantityMilli: 1000, unit: 'u', unitPriceCents: 1000, tvaRateBp: 2000, discountBp: 0 }] },
    ];
    const line = lots[0].lines[0];
    expect(avenantRefusal(lots, [])?.code).toBe('AVENANT_EMPTY');
    expect(avenantRefusal(lots, [{ lotIndex: 0, title: 'Lot', lines: [{ ...line, quantityMilli: 0 }] }])?.code).toBe('AVENANT_LINE_QUANTITY_ZERO');
    expect(avenantRefusal(lots, [{ lotIndex: 0, title: 'Lot', lines: [{ ...line, quantityMilli: -2000 }] }])?.code).toBe('AVENANT_LOT_BELOW_ZERO');
    expect(avenantRefusal(lots, [{ lotIndex: 0, title: 'Lot', lines: [{ ...line, tvaRateBp: 1000, quantityMilli: -1 }] }])?.code).toBe(
      'AVENANT_LOT_BELOW_ZERO',
    );
    expect(avenantRefusal(lots, [{ lotIndex: 3, title: 'Lot', lines: [line] }])?.code).toBe('AVENANT_LOT_UNKNOWN');
    expect(avenantRefusal(lots, [{ lotIndex: null, title: ' ', lines: [line] }])?.code).toBe('AVENANT_LOT_TITLE_MISSING');
    const amounts = avenantAmounts(lots, [{ lotIndex: null, title: 'Nouveau', lines: [line] }]);
    expect(amounts.before.totals.totalTtcCents).toBe(1200);
    expect(amounts.change.totals.totalTtcCents).toBe(1200);
    expect(amounts.after.totals.totalTtcCents).toBe(2400);
    expect(amounts.lots).toEqual([
      { title: 'Lot', beforeHtCents: 1000, changeHtCents: 0, afterHtCents: 1000, added: false },
      { title: 'Nouveau', beforeHtCents: 0, changeHtCents: 1000, afterHtCents: 1000, added: true },
    ]);
  });
});
