import type { RateAmount } from '../invoices';

/**
 * The transactions report of consumer sales (flux 10.3, decision 1213): one issuer's invoices and
 * avoirs to clients without a SIREN over a period, aggregated per day and per TVA rate. Building
 * work is a service: every line's category is « prestation de services » (TPS1).
 */

export const E_REPORTING_CURRENCY = 'EUR';
/** TT-80 category of the transactions: TPS1 « prestations de services soumises à la TVA ». */
export const SERVICES_CATEGORY = 'TPS1';

export interface ConsumerDocument {
  /** An avoir is reported negative: the report is the period's net sales. */
  kind: 'invoice' | 'credit-note';
  id: number;
  number: string;
  /** Issue day, `YYYY-MM-DD`. */
  date: string;
  /** Amounts per rate as issued (positive for an avoir too). */
  byRate: readonly RateAmount[];
}

export interface TransactionLine {
  date: string;
  currency: typeof E_REPORTING_CURRENCY;
  category: typeof SERVICES_CATEGORY;
  rateBp: number;
  /** HT, integer cents. */
  taxExclusiveCents: number;
  taxCents: number;
  /** Documents (invoices and avoirs) of that day with an amount at that rate. */
  count: number;
}

export interface TransactionsReport {
  period: { start: string; end: string };
  lines: TransactionLine[];
  totals: { taxExclusiveCents: number; taxCents: number; count: number };
  /** The documents reported, for the screen's « what it contained ». */
  documents: { kind: ConsumerDocument['kind']; id: number; number: string; date: string }[];
}

/** Lines ordered by day, then highest rate first. */
const byDayThenRate = (a: { date: string; rateBp: number }, b: { date: string; rateBp: number }) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : b.rateBp - a.rateBp;

export function buildTransactionsReport(period: { start: string; end: string }, documents: readonly ConsumerDocument[]): TransactionsReport {
  const inPeriod = documents.filter((d) => d.date >= period.start && d.date <= period.end);
  const lines = new Map<string, TransactionLine>();
  for (const doc of inPeriod) {
    const sign = doc.kind === 'credit-note' ? -1 : 1;
    for (const r of doc.byRate) {
      const key = `${doc.date}|${r.rateBp}`;
      const line = lines.get(key) ?? {
        date: doc.date,
        currency: E_REPORTING_CURRENCY,
        category: SERVICES_CATEGORY,
        rateBp: r.rateBp,
        taxExclusiveCents: 0,
        taxCents: 0,
        count: 0,
      };
      line.taxExclusiveCents += sign * r.baseCents;
      line.taxCents += sign * r.tvaCents;
      line.count += 1;
      lines.set(key, line);
    }
  }
  const sorted = [...lines.values()].sort(byDayThenRate);
  return {
    period: { start: period.start, end: period.end },
    lines: sorted,
    totals: {
      taxExclusiveCents: sorted.reduce((s, l) => s + l.taxExclusiveCents, 0),
      taxCents: sorted.reduce((s, l) => s + l.taxCents, 0),
      count: inPeriod.length,
    },
    documents: inPeriod
      .map((d) => ({ kind: d.kind, id: d.id, number: d.number, date: d.date }))
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.number < b.number ? -1 : 1)),
  };
}
