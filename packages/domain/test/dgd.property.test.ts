import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amendLots,
  avenantAmounts,
  avenantInvoicedRefusal,
  avenantRefusal,
  calendarDate,
  contractOf,
  dgdAccount,
  dgdRefusal,
  draftCreditNote,
  draftInvoice,
  formatDgdNumber,
  milestoneInvoiceRequest,
  scheduleAmounts,
  type AvenantLotInput,
  type DgdInvoiceFacts,
  type InvoiceRequest,
  type PriorInvoice,
  type QuoteLineInput,
  type QuoteLotInput,
  type RateAmount,
  type TvaRate,
} from '../src';
import { refContract, refTtc } from './reference-arithmetic';

/**
 * The final account (DGD, issue 38 §4, decision 1222) against an independent reference. For any
 * sequence of signed avenants, schedule milestones, deposits, progress invoices, balances, avoirs
 * and payments:
 * - what the invoices took, net of their avoirs, never exceeds the contract as amended at that
 *   moment (TTC), the contract computed by the reference below from every counted line;
 * - once the balance invoice is issued the contract is wholly invoiced, and the DGD balances to the
 *   cent: contract = original + every avenant's change; due = invoiced − avoirs − penalties;
 *   balance = due − paid (either way); what is settled now = balance − the retenue still withheld.
 * The reference has its own arithmetic and shares no code with `dgd.ts`, `invoices.ts` or `avenants.ts`.
 */

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);

// ---- the reference ----------------------------------------------------------------------------

/** The TTC of a set of lines: per rate the sum of the lines' nets, its TVA rounded once. */
const refContractTtc = (lines: readonly QuoteLineInput[]): number => refTtc(refContract(lines));
const ttcOf = (list: readonly RateAmount[]) => list.reduce((s, r) => s + r.baseCents + r.tvaCents, 0);

// ---- generated quotes and events ---------------------------------------------------------------

const rate = fc.constantFrom<TvaRate>(2000, 1000, 550, 0);
const lineArb = fc.record({
  designation: fc.constant('Ligne'),
  quantityMilli: fc.integer({ min: 1, max: 50_000 }),
  unit: fc.constant('u' as const),
  unitPriceCents: fc.integer({ min: 1, max: 1_000_000 }),
  tvaRateBp: rate,
  discountBp: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5000 })),
});
const quoteArb = fc.array(fc.record({ title: fc.constant('Lot'), lines: fc.array(lineArb, { minLength: 1, maxLength: 5 }) }), { minLength: 1, maxLength: 4 });

type Step =
  | { kind: 'avenant'; adds: Array<{ lot: number | null; line: QuoteLineInput }>; removes: Array<{ lot: number; line: number; share: number }> }
  | { kind: 'milestone'; shareBp: number }
  | { kind: 'acompte'; percentBp: number }
  | { kind: 'situation'; deltas: number[] }
  | { kind: 'solde' }
  | { kind: 'avoir'; pick: number; share: number | null }
  | { kind: 'payment'; pick: number; share: number };
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('avenant' as const),
    adds: fc.array(fc.record({ lot: fc.option(fc.nat({ max: 9 }), { nil: null }), line: lineArb }), { maxLength: 3 }),
    removes: fc.array(fc.record({ lot: fc.nat(), line: fc.nat(), share: fc.integer({ min: 1, max: 10_000 }) }), { maxLength: 2 }),
  }),
  fc.record({ kind: fc.constant('milestone' as const), shareBp: fc.integer({ min: 100, max: 5000 }) }),
  fc.record({ kind: fc.constant('acompte' as const), percentBp: fc.integer({ min: 1, max: 4000 }) }),
  fc.record({ kind: fc.constant('situation' as const), deltas: fc.array(fc.constantFrom(0, 1000, 2500, 5000, 10_000), { minLength: 12, maxLength: 12 }) }),
  fc.constant({ kind: 'solde' as const }),
  fc.record({ kind: fc.constant('avoir' as const), pick: fc.nat(), share: fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: null }) }),
  fc.record({ kind: fc.constant('payment' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 10_000 }) }),
);
const penaltiesArb = fc.array(fc.record({ label: fc.constant('Retard de livraison'), amountCents: fc.integer({ min: 1, max: 500_000 }) }), { maxLength: 3 });

function avenantOf(lots: readonly QuoteLotInput[], step: Extract<Step, { kind: 'avenant' }>): AvenantLotInput[] {
  const byLot = new Map<number | null, QuoteLineInput[]>();
  const push = (lot: number | null, line: QuoteLineInput) => byLot.set(lot, [...(byLot.get(lot) ?? []), line]);
  for (const a of step.adds) push(a.lot === null || a.lot >= lots.length ? null : a.lot, a.line);
  for (const r of step.removes) {
    const lot = r.lot % lots.length;
    const line = lots[lot].lines[r.line % lots[lot].lines.length];
    if (!line || line.quantityMilli <= 0) continue;
    push(lot, { ...line, quantityMilli: -Math.max(1, Math.floor((line.quantityMilli * r.share) / 10_000)) });
  }
  return [...byLot].map(([lotIndex, lines]) => ({ lotIndex, title: lotIndex === null ? 'Travaux supplémentaires' : lots[lotIndex].title, lines }));
}

/** An invoice as the test keeps it: the domain's prior invoice, and what was paid on it. */
type Issued = PriorInvoice & { retentionCents: number; paid: number };
const netTtc = (i: Issued) => ttcOf(i.byRate) - ttcOf(i.credited);

describe('the final account against an independent reference (property)', () => {
  it('invoices never exceed the amended contract, and the DGD balances to the cent', () => {
    fc.assert(
      fc.property(
        quoteArb,
        fc.array(stepArb, { maxLength: 14 }),
        penaltiesArb,
        fc.integer({ min: 0, max: 500 }),
        fc.boolean(),
        (quote, steps, penalties, retentionBp, released) => {
          let lots: QuoteLotInput[] = quote;
          const allLines: QuoteLineInput[] = quote.flatMap((l) => l.lines);
          const signedAvenants: Array<{ number: string; lots: AvenantLotInput[] }> = [];
          const issued: Issued[] = [];
          let progress: number[] = lots.map(() => 0);
          const issue = (request: InvoiceRequest) => {
            const r = draftInvoice(contractOf(lots, retentionBp), issued, request);
            if (!r.ok) return false;
            issued.push({
              number: `F-${issued.length + 1}`,
              kind: r.draft.kind,
              issueDate: '2026-01-01',
              byRate: r.draft.byRate,
              progressBp: r.draft.progressBp,
              credited: [],
              retentionCents: r.draft.retentionCents,
              paid: 0,
            });
            if (r.draft.progressBp) progress = r.draft.progressBp;
            return true;
          };
          const creditNotes: Array<{ invoice: string; ttc: number }> = [];
          for (const step of steps) {
            if (step.kind === 'avenant') {
              const avenant = avenantOf(lots, step);
              const amounts = avenantAmounts(lots, avenant, retentionBp);
              if (avenantRefusal(lots, avenant) ?? avenantInvoicedRefusal(amounts, issued)) continue;
              lots = amendLots(lots, [avenant]);
              allLines.push(...avenant.flatMap((l) => l.lines));
              signedAvenants.push({ number: `D-2026-0001-A${signedAvenants.length + 1}`, lots: avenant });
              progress = lots.map((_, i) => progress[i] ?? 0);
            } else if (step.kind === 'milestone') {
              const contract = contractOf(lots, retentionBp);
              const [amount] = scheduleAmounts(contract.totals.totalTtcCents, [
                { trigger: { kind: 'signature' }, percentBp: step.shareBp, amountCents: null },
                { trigger: { kind: 'stage', stage: 'reception' }, percentBp: 10_000 - step.shareBp, amountCents: null },
              ]);
              const asked = milestoneInvoiceRequest(contract, issued, { amountCents: amount, last: false });
              if (asked) issue(asked.request);
            } else if (step.kind === 'acompte') issue({ kind: 'acompte', percentBp: step.percentBp });
            else if (step.kind === 'situation') issue({ kind: 'situation', progressBp: progress.map((p, i) => Math.min(10_000, p + (step.deltas[i] ?? 0))) });
            else if (step.kind === 'solde') issue({ kind: 'solde' });
            else if (step.kind === 'avoir' && issued.length) {
              const target = issued[step.pick % issued.length];
              const left = netTtc(target);
              const r = draftCreditNote(target, step.share === null ? null : Math.max(1, Math.floor((left * step.share) / 10_000)));
              if (r.ok) {
                const credited = new Map(target.credited.map((c) => [c.rateBp, { ...c }]));
                for (const c of r.byRate) {
                  const found = credited.get(c.rateBp);
                  credited.set(c.rateBp, found ? { ...found, baseCents: found.baseCents + c.baseCents, tvaCents: found.tvaCents + c.tvaCents } : { ...c });
                }
                target.credited = [...credited.values()];
                creditNotes.push({ invoice: target.number, ttc: r.totals.totalTtcCents });
                const live = issued.filter((p) => p.kind === 'situation' && netTtc(p) > 0);
                progress = lots.map((_, i) => live[live.length - 1]?.progressBp?.[i] ?? 0);
              }
            } else if (step.kind === 'payment' && issued.length) {
              const target = issued[step.pick % issued.length];
              const left = netTtc(target) - target.retentionCents - target.paid;
              if (left > 0) target.paid += Math.max(1, Math.floor((left * step.share) / 10_000));
            }
            // Invoices never exceed the contract as amended now (the reference's TTC of every line).
            const invoicedNet = issued.reduce((s, i) => s + netTtc(i), 0);
            expect(invoicedNet).toBeLessThanOrEqual(refContractTtc(allLines));
          }
          // The balance invoice closes the invoicing: the contract is then wholly invoiced.
          issue({ kind: 'solde' });
          const contractTtc = refContractTtc(allLines);

          const invoices: DgdInvoiceFacts[] = issued.map((i) => ({
            number: i.number,
            kind: i.kind,
            issueDate: i.issueDate,
            totalTtcCents: ttcOf(i.byRate),
            creditedCents: ttcOf(i.credited),
            retentionCents: i.retentionCents,
            paidCents: i.paid,
          }));
          const account = dgdAccount({
            originalLots: quote,
            retentionBp,
            avenants: signedAvenants,
            invoices,
            creditNotes: creditNotes.map((c, n) => ({ number: `AV-${n + 1}`, invoiceNumber: c.invoice, issueDate: '2026-02-01', totalTtcCents: c.ttc })),
            penalties,
            receptionDate: calendarDate('2026-06-30'),
            retentionReleasedOn: released ? '2027-07-01' : null,
          });

          // The reference's figures, from the events themselves.
          const refInvoiced = issued.reduce((s, i) => s + ttcOf(i.byRate), 0);
          const refCredited = creditNotes.reduce((s, c) => s + c.ttc, 0);
          const refPaid = issued.reduce((s, i) => s + i.paid, 0);
          const refPenalties = penalties.reduce((s, p) => s + p.amountCents, 0);
          const refWithheld = issued.filter((i) => ttcOf(i.credited) < ttcOf(i.byRate)).reduce((s, i) => s + i.retentionCents, 0);
          const refBalance = refInvoiced - refCredited - refPenalties - refPaid;

          expect(account.contract.totals.totalTtcCents).toBe(contractTtc);
          expect(account.original.totals.totalTtcCents).toBe(refContractTtc(quote.flatMap((l) => l.lines)));
          expect(account.original.totals.totalTtcCents + account.avenants.reduce((s, a) => s + a.changeTtcCents, 0)).toBe(contractTtc);
          expect(account.invoicedCents).toBe(refInvoiced);
          expect(account.creditedCents).toBe(refCredited);
          expect(account.netInvoicedCents).toBeLessThanOrEqual(contractTtc);
          expect(account.notInvoicedCents).toBe(0);
          expect(account.paidCents).toBe(refPaid);
          expect(account.penaltiesCents).toBe(refPenalties);
          expect(account.dueCents).toBe(contractTtc - refPenalties);
          expect(account.balanceCents).toBe(refBalance);
          expect(account.retention.withheldCents).toBe(refWithheld);
          expect(account.balanceNowCents).toBe(refBalance - (released ? 0 : refWithheld));
          expect(account.retention.releaseDate).toBe('2027-06-30');
          // Wholly invoiced: the DGD is refused only for penalties above the contract.
          const refused = dgdRefusal(account, penalties);
          expect(refused?.code ?? null).toBe(refPenalties > contractTtc ? 'DGD_PENALTIES_ABOVE_CONTRACT' : null);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('is refused while work of the amended contract is not invoiced, with what is left', () => {
    fc.assert(
      fc.property(quoteArb, fc.integer({ min: 1, max: 9000 }), (quote, percentBp) => {
        const contract = contractOf(quote);
        const deposit = draftInvoice(contract, [], { kind: 'acompte', percentBp });
        fc.pre(deposit.ok);
        if (!deposit.ok) return;
        const account = dgdAccount({
          originalLots: quote,
          retentionBp: 0,
          avenants: [],
          invoices: [
            {
              number: 'F-1',
              kind: 'acompte',
              issueDate: '2026-01-01',
              totalTtcCents: deposit.draft.totals.totalTtcCents,
              creditedCents: 0,
              retentionCents: 0,
              paidCents: 0,
            },
          ],
          creditNotes: [],
          penalties: [],
          receptionDate: calendarDate('2026-06-30'),
          retentionReleasedOn: null,
        });
        const refused = dgdRefusal(account, []);
        expect(refused?.code).toBe('DGD_NOT_FULLY_INVOICED');
        expect(refused?.params.left_cents).toBe(refContractTtc(quote.flatMap((l) => l.lines)) - deposit.draft.totals.totalTtcCents);
      }),
      { numRuns: RUNS },
    );
  });

  it('numbers per quote: -DGD, then -DGD2 after a dispute', () => {
    expect(formatDgdNumber('D-2026-0005', 1)).toBe('D-2026-0005-DGD');
    expect(formatDgdNumber('D-2026-0005', 2)).toBe('D-2026-0005-DGD2');
    expect(() => formatDgdNumber('D-2026-0005', 0)).toThrow(RangeError);
  });
});
