import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contractOf,
  draftCreditNote,
  draftInvoice,
  overpaidCents,
  refundOwedCents,
  refundRefusal,
  type InvoiceDraft,
  type PriorInvoice,
  type QuoteLotInput,
  type RateAmount,
} from '../src';

/** An avoir on a paid invoice (decision 1062). */
const lots: QuoteLotInput[] = [
  { title: 'Démolition', lines: [{ designation: 'Dépose', quantityMilli: 1000, unit: 'forfait', unitPriceCents: 85_000, tvaRateBp: 1000, discountBp: 0 }] },
  { title: 'Plomberie', lines: [{ designation: 'Robinetterie', quantityMilli: 2000, unit: 'u', unitPriceCents: 18_990, tvaRateBp: 2000, discountBp: 1000 }] },
];
const contract = contractOf(lots);
const asPrior = (draft: InvoiceDraft, n: number, credited: RateAmount[] = []): PriorInvoice => ({
  number: `F-${n}`,
  kind: draft.kind,
  issueDate: '2026-11-23',
  byRate: draft.byRate,
  progressBp: draft.progressBp,
  credited,
});
const ok = <T>(r: { ok: true; draft: T } | { ok: false }) => {
  if (!r.ok) throw new Error('refused');
  return r.draft;
};

describe('refund owed after a credit note on a paid invoice', () => {
  it('is what was paid beyond TTC − credit notes, less refunds; nothing when the avoir only cancels what was unpaid', () => {
    expect(refundOwedCents({ totalTtcCents: 10_000, creditedCents: 10_000, paidCents: 10_000, refundedCents: 0 })).toBe(10_000);
    expect(refundOwedCents({ totalTtcCents: 10_000, creditedCents: 3_000, paidCents: 10_000, refundedCents: 1_000 })).toBe(2_000);
    expect(refundOwedCents({ totalTtcCents: 10_000, creditedCents: 3_000, paidCents: 5_000, refundedCents: 0 })).toBe(0);
    // A retenue withheld (paid 9 500 of 10 000) then a 2 000 avoir: 1 500 overpaid.
    expect(overpaidCents({ totalTtcCents: 10_000, creditedCents: 2_000, paidCents: 9_500 })).toBe(1_500);
  });

  it('refuses a refund when nothing is owed, above what is owed, or not positive', () => {
    const owing = { totalTtcCents: 10_000, creditedCents: 4_000, paidCents: 10_000, refundedCents: 0 };
    expect(refundRefusal({ ...owing, creditedCents: 0 }, 100)?.code).toBe('INVOICE_REFUND_NOTHING_OWED');
    expect(refundRefusal(owing, 4_001)).toMatchObject({ code: 'INVOICE_REFUND_OVER', params: { owed_cents: 4_000 }, status: 409 });
    expect(refundRefusal(owing, 0)?.code).toBe('INVOICE_REFUND_AMOUNT_INVALID');
    expect(refundRefusal(owing, 4_000)).toBeNull();
  });

  it('never owes more than was paid, and owes nothing once refunds cover it (any amounts)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (ttc, c, p) => {
          const credited = Math.floor(ttc * c);
          const paid = Math.floor(ttc * p);
          const owed = refundOwedCents({ totalTtcCents: ttc, creditedCents: credited, paidCents: paid, refundedCents: 0 });
          expect(owed).toBeGreaterThanOrEqual(0);
          expect(owed).toBeLessThanOrEqual(Math.min(paid, credited));
          expect(paid - owed).toBeLessThanOrEqual(ttc - credited);
          expect(refundOwedCents({ totalTtcCents: ttc, creditedCents: credited, paidCents: paid, refundedCents: owed })).toBe(0);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('invoicing again what an avoir took back, after the balance', () => {
  it('a credited deposit leaves its amount to invoice after the balance; once invoiced, the contract is closed', () => {
    const deposit = ok(draftInvoice(contract, [], { kind: 'acompte', percentBp: 3000 }));
    const balance = ok(draftInvoice(contract, [asPrior(deposit, 1)], { kind: 'solde' }));
    const closed = draftInvoice(contract, [asPrior(deposit, 1), asPrior(balance, 2)], { kind: 'solde' });
    expect(closed.ok ? null : closed.refusal.code).toBe('INVOICE_QUOTE_FULLY_INVOICED');
    const note = draftCreditNote({ byRate: deposit.byRate, credited: [] }, null);
    if (!note.ok) throw new Error('refused');
    const prior = [asPrior(deposit, 1, note.byRate), asPrior(balance, 2)];
    const again = ok(draftInvoice(contract, prior, { kind: 'solde' }));
    expect(again.totals.totalTtcCents).toBe(deposit.totals.totalTtcCents);
    expect(balance.totals.totalTtcCents + again.totals.totalTtcCents).toBe(contract.totals.totalTtcCents);
    const after = draftInvoice(contract, [...prior, asPrior(again, 3)], { kind: 'acompte', percentBp: 100 });
    expect(after.ok ? null : after.refusal.code).toBe('INVOICE_QUOTE_FULLY_INVOICED');
  });

  it('a partial avoir on the balance itself leaves that part to invoice', () => {
    const balance = ok(draftInvoice(contract, [], { kind: 'solde' }));
    const note = draftCreditNote({ byRate: balance.byRate, credited: [] }, 12_345);
    if (!note.ok) throw new Error('refused');
    const again = ok(draftInvoice(contract, [asPrior(balance, 1, note.byRate)], { kind: 'solde' }));
    expect(again.totals.totalTtcCents).toBe(12_345);
  });
});
