import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPaymentsReport, buildTransactionsReport, type ConsumerDocument, type InvoicePayments, type RateAmount, type TvaRate } from '../src';

/**
 * The e-reporting sums over generated invoices, avoirs and payments against a reference written
 * here, independently of the domain's helpers (issue 37 §2, decision 1213).
 */

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const PERIOD = { start: '2026-11-01', end: '2026-11-30' };
const day = fc.integer({ min: 0, max: 60 }).map((n) => new Date(Date.UTC(2026, 9, 20) + n * 86_400_000).toISOString().slice(0, 10));
const rate = fc.constantFrom<TvaRate>(2000, 1000, 550, 0);
const rates = fc
  .uniqueArray(rate, { minLength: 1, maxLength: 3 })
  .chain((list) =>
    fc.tuple(
      ...list.map((rateBp) =>
        fc.integer({ min: 0, max: 3_000_000 }).map((baseCents): RateAmount => ({ rateBp, baseCents, tvaCents: Math.round((baseCents * rateBp) / 10_000) })),
      ),
    ),
  );

// --- the reference -------------------------------------------------------------------------

/** n / d rounded half away from zero, on BigInt (d > 0). */
function roundDiv(n: bigint, d: bigint): bigint {
  const neg = n < 0n;
  const a = neg ? -n : n;
  let q = a / d;
  if ((a - q * d) * 2n >= d) q += 1n;
  return neg ? -q : q;
}

/** Split `total` in proportion to `weights`: floors, then the cents left to the largest remainders (earlier first). */
function split(total: bigint, weights: bigint[]): bigint[] {
  const sum = weights.reduce((s, w) => s + w, 0n);
  const neg = total < 0n;
  const t = neg ? -total : total;
  const floors = weights.map((w) => (t * w) / sum);
  const order = weights.map((w, i) => ({ i, rem: (t * w) % sum })).sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  let left = t - floors.reduce((s, f) => s + f, 0n);
  for (const { i } of order) {
    if (left === 0n) break;
    floors[i] += 1n;
    left -= 1n;
  }
  return floors.map((f) => (neg ? -f : f));
}

function referencePaymentLines(invoices: InvoicePayments[]) {
  const lines = new Map<string, { amount: number; tax: number }>();
  for (const inv of invoices) {
    const ttc = inv.byRate.map((r) => BigInt(r.baseCents + r.tvaCents));
    const weights = ttc.some((t) => t > 0n) ? ttc : ttc.map((_, i) => (i === 0 ? 1n : 0n));
    const at = (paid: bigint) => {
      const parts = split(paid, weights);
      return parts.map((p, i) => ({ amount: p, tax: ttc[i] === 0n ? 0n : roundDiv(p * BigInt(inv.byRate[i].tvaCents), ttc[i]) }));
    };
    let paid = 0n;
    for (const p of inv.payments) {
      const before = at(paid);
      paid += BigInt(p.amountCents);
      const after = at(paid);
      if (p.date < PERIOD.start || p.date > PERIOD.end) continue;
      inv.byRate.forEach((r, i) => {
        const amount = Number(after[i].amount - before[i].amount);
        const tax = Number(after[i].tax - before[i].tax);
        if (amount === 0 && tax === 0) return;
        const key = `${p.date}|${r.rateBp}`;
        const line = lines.get(key) ?? { amount: 0, tax: 0 };
        lines.set(key, { amount: line.amount + amount, tax: line.tax + tax });
      });
    }
  }
  return lines;
}

// --- the generators ------------------------------------------------------------------------

/** An invoice and payments that add up to at most its TTC (the last one may settle it). */
const invoiceWithPayments = (id: number) =>
  rates.chain((byRate) => {
    const ttc = byRate.reduce((s, r) => s + r.baseCents + r.tvaCents, 0);
    return fc
      .record({
        days: fc.array(day, { minLength: 0, maxLength: 4 }),
        cuts: fc.array(fc.integer({ min: 1, max: 9_999 }), { minLength: 4, maxLength: 4 }),
        settle: fc.boolean(),
      })
      .map(({ days, cuts, settle }): InvoicePayments => {
        const sorted = [...days].sort();
        let left = ttc;
        const payments = sorted.map((date, k) => {
          const amount = settle && k === sorted.length - 1 ? left : Math.floor((left * cuts[k]) / 10_000);
          left -= amount;
          return { id: id * 10 + k, date, amountCents: amount };
        });
        return { invoiceId: id, number: `F-${id}`, byRate, payments };
      });
  });

const invoicesWithPayments = fc.integer({ min: 1, max: 6 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => invoiceWithPayments(i + 1))));

const documents = fc.array(fc.record({ kind: fc.constantFrom<'invoice' | 'credit-note'>('invoice', 'invoice', 'credit-note'), date: day, byRate: rates }), {
  maxLength: 12,
});

describe('e-reporting sums (property)', () => {
  it('reports a period’s payments per day and rate as the reference does, and their sum is what was cashed', () => {
    fc.assert(
      fc.property(invoicesWithPayments, (invoices) => {
        const report = buildPaymentsReport(PERIOD, invoices);
        const reference = referencePaymentLines(invoices);
        expect(Object.fromEntries(report.lines.map((l) => [`${l.date}|${l.rateBp}`, { amount: l.amountCents, tax: l.taxCents }]))).toEqual(
          Object.fromEntries(reference),
        );
        const cashed = invoices.flatMap((i) => i.payments).filter((p) => p.date >= PERIOD.start && p.date <= PERIOD.end);
        expect(report.totals.amountCents).toBe(cashed.reduce((s, p) => s + p.amountCents, 0));
        expect(report.totals.count).toBe(cashed.length);
      }),
      { numRuns: RUNS },
    );
  });

  it('reports, over all its payments, exactly the TTC and the TVA per rate of an invoice paid in full', () => {
    fc.assert(
      fc.property(invoiceWithPayments(1), (invoice) => {
        const paid = invoice.payments.reduce((s, p) => s + p.amountCents, 0);
        const ttc = invoice.byRate.reduce((s, r) => s + r.baseCents + r.tvaCents, 0);
        fc.pre(paid === ttc && ttc > 0);
        const report = buildPaymentsReport({ start: '2000-01-01', end: '2100-12-31' }, [invoice]);
        for (const r of invoice.byRate) {
          const lines = report.lines.filter((l) => l.rateBp === r.rateBp);
          expect(lines.reduce((s, l) => s + l.amountCents, 0)).toBe(r.baseCents + r.tvaCents);
          expect(lines.reduce((s, l) => s + l.taxCents, 0)).toBe(r.tvaCents);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('reports a period’s invoices less its avoirs per day and rate, and counts its documents', () => {
    fc.assert(
      fc.property(documents, (docs) => {
        const list: ConsumerDocument[] = docs.map((d, i) => ({ ...d, id: i + 1, number: `D-${i + 1}` }));
        const report = buildTransactionsReport(PERIOD, list);
        const reference = new Map<string, { ht: number; tva: number; count: number }>();
        let count = 0;
        for (const d of list) {
          if (d.date < PERIOD.start || d.date > PERIOD.end) continue;
          count += 1;
          const sign = d.kind === 'credit-note' ? -1 : 1;
          for (const r of d.byRate) {
            const key = `${d.date}|${r.rateBp}`;
            const line = reference.get(key) ?? { ht: 0, tva: 0, count: 0 };
            reference.set(key, { ht: line.ht + sign * r.baseCents, tva: line.tva + sign * r.tvaCents, count: line.count + 1 });
          }
        }
        expect(Object.fromEntries(report.lines.map((l) => [`${l.date}|${l.rateBp}`, { ht: l.taxExclusiveCents, tva: l.taxCents, count: l.count }]))).toEqual(
          Object.fromEntries(reference),
        );
        expect(report.totals.count).toBe(count);
        expect(report.totals.taxExclusiveCents).toBe([...reference.values()].reduce((s, l) => s + l.ht, 0));
        expect(report.lines.map((l) => l.date)).toEqual([...report.lines.map((l) => l.date)].sort());
      }),
      { numRuns: RUNS },
    );
  });
});
