import { allocate, divideRounded } from '../money';
import type { RateAmount } from '../invoices';
import { E_REPORTING_CURRENCY } from './transactions';

/**
 * The payment-data report (flux 10.4, decision 1213): works are services, their TVA is due when
 * paid (CGI art. 269-2-c), so what a consumer paid in the period is reported per day of payment
 * and per rate, TTC with the TVA it includes.
 *
 * A payment is split over its invoice's rates cumulatively, so that an invoice paid in several
 * times reports, once fully paid, exactly its TTC and its TVA per rate (as the FEC moves its TVA,
 * decision 1210): after the payments up to this one total P, rate r holds the TTC share
 * `allocate(P, TTC per rate)[r]` (the domain's split, whose parts add up to P to the cent) and the
 * TVA `share × TVA_r / TTC_r` rounded half away from zero (the domain's `divideRounded`, the one
 * rounding rule of invoices); this payment's part is the difference with the total before it.
 */

export interface InvoicePayments {
  invoiceId: number;
  number: string;
  byRate: readonly RateAmount[];
  /** Every payment of the invoice, oldest first (earlier periods too: the split is cumulative); a refund is negative. */
  payments: readonly { id: number; date: string; amountCents: number }[];
}

export interface PaymentShare {
  paymentId: number;
  invoiceId: number;
  date: string;
  rateBp: number;
  amountCents: number;
  taxCents: number;
}

export interface PaymentLine {
  date: string;
  currency: typeof E_REPORTING_CURRENCY;
  rateBp: number;
  /** TTC cashed at that rate, integer cents. */
  amountCents: number;
  /** The TVA that amount includes. */
  taxCents: number;
  /** Payments of that day with a share at that rate. */
  count: number;
}

export interface PaymentsReport {
  period: { start: string; end: string };
  lines: PaymentLine[];
  totals: { amountCents: number; taxCents: number; count: number };
  payments: { id: number; invoiceId: number; number: string; date: string; amountCents: number }[];
}

/** The cumulative TTC and TVA per rate once `paid` has been received of an invoice. */
function cumulative(byRate: readonly RateAmount[], paid: number): { amount: number; tax: number }[] {
  const ttc = byRate.map((r) => Math.max(0, r.baseCents + r.tvaCents));
  // An invoice of nothing (every rate 0 €): the cash goes to its first rate, without TVA.
  const weights = ttc.some((w) => w > 0) ? ttc : byRate.map((_, i) => (i === 0 ? 1 : 0));
  const amounts = allocate(paid, weights);
  return byRate.map((r, i) => ({
    amount: amounts[i],
    tax: ttc[i] === 0 ? 0 : Number(divideRounded(BigInt(amounts[i]) * BigInt(r.tvaCents), BigInt(ttc[i]))),
  }));
}

/** Each payment's share per rate of one invoice (every payment, whatever its period). */
export function paymentShares(invoice: InvoicePayments): PaymentShare[] {
  if (invoice.byRate.length === 0) return [];
  const out: PaymentShare[] = [];
  let paid = 0;
  let before = cumulative(invoice.byRate, 0);
  for (const p of invoice.payments) {
    paid += p.amountCents;
    const after = cumulative(invoice.byRate, paid);
    invoice.byRate.forEach((r, i) => {
      const amountCents = after[i].amount - before[i].amount;
      const taxCents = after[i].tax - before[i].tax;
      if (amountCents !== 0 || taxCents !== 0)
        out.push({ paymentId: p.id, invoiceId: invoice.invoiceId, date: p.date, rateBp: r.rateBp, amountCents, taxCents });
    });
    before = after;
  }
  return out;
}

export function buildPaymentsReport(period: { start: string; end: string }, invoices: readonly InvoicePayments[]): PaymentsReport {
  const inPeriod = (date: string) => date >= period.start && date <= period.end;
  const lines = new Map<string, PaymentLine & { ids: Set<number> }>();
  for (const invoice of invoices) {
    for (const s of paymentShares(invoice)) {
      if (!inPeriod(s.date)) continue;
      const key = `${s.date}|${s.rateBp}`;
      const line = lines.get(key) ?? {
        date: s.date,
        currency: E_REPORTING_CURRENCY,
        rateBp: s.rateBp,
        amountCents: 0,
        taxCents: 0,
        count: 0,
        ids: new Set<number>(),
      };
      line.amountCents += s.amountCents;
      line.taxCents += s.taxCents;
      line.ids.add(s.paymentId);
      line.count = line.ids.size;
      lines.set(key, line);
    }
  }
  const sorted = [...lines.values()].map(({ ids: _ids, ...line }) => line).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : b.rateBp - a.rateBp));
  const payments = invoices
    .flatMap((i) =>
      i.payments.filter((p) => inPeriod(p.date)).map((p) => ({ id: p.id, invoiceId: i.invoiceId, number: i.number, date: p.date, amountCents: p.amountCents })),
    )
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
  return {
    period: { start: period.start, end: period.end },
    lines: sorted,
    totals: {
      amountCents: sorted.reduce((s, l) => s + l.amountCents, 0),
      taxCents: sorted.reduce((s, l) => s + l.taxCents, 0),
      count: payments.length,
    },
    payments,
  };
}
