import { FRR, FRR_VALUES } from './frr-fields';
import type { PaymentsReport } from './payments';
import type { TransactionsReport } from './transactions';

/**
 * The FRR document of a report as an element tree (decision 1213). The domain stays free of an
 * XML library: the API writes the tree with fast-xml-parser's builder (`modules/pdf/xml.ts`),
 * which escapes the text. Amounts are decimal euros with a point, dates `AAAAMMJJ` (format 102).
 */
export interface FrrElement {
  name: string;
  attributes?: Record<string, string>;
  children?: string | ReadonlyArray<FrrElement | null | undefined | false>;
}

export interface FrrHeader {
  /** The report's stable id (its tracking id). */
  transmissionId: string;
  siren: string;
  issuerName: string;
  /** When the report was built: an input, so that the same report is the same document. */
  issuedAt: Date;
  /** The tracking id of the report this one corrects. */
  correctsId?: string;
}

const el = (name: string, children: FrrElement['children'], attributes?: Record<string, string>): FrrElement => ({
  name,
  children,
  ...(attributes ? { attributes } : {}),
});

/** 123456 cents → `1234.56`; −5 → `-0.05`. */
export function frrAmount(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 2000 bp → `20.00`, 550 → `5.50`. */
export const frrPercent = (bp: number) => `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
const frrDate = (date: string) => el(FRR.date, date.replaceAll('-', ''), { format: FRR_VALUES.dateFormat });
const stamp = (at: Date) => at.toISOString().slice(0, 19).replace(/[-:T]/g, '');

function header(h: FrrHeader, name: string): FrrElement {
  return el(FRR.document, [
    el(FRR.id, h.transmissionId),
    el(FRR.name, name),
    el(FRR.issueDateTime, [el(FRR.dateTimeString, stamp(h.issuedAt), { format: FRR_VALUES.dateTimeFormat })]),
    el(FRR.typeCode, h.correctsId ? FRR_VALUES.correction : FRR_VALUES.initial),
    h.correctsId ? el(FRR.previousId, h.correctsId) : null,
    el(FRR.issuer, [el(FRR.globalId, h.siren, { schemeID: FRR_VALUES.sirenScheme }), el(FRR.issuerName, h.issuerName)]),
  ]);
}

const period = (p: { start: string; end: string }) =>
  el(FRR.period, [
    el(FRR.startDate, p.start.replaceAll('-', ''), { format: FRR_VALUES.dateFormat }),
    el(FRR.endDate, p.end.replaceAll('-', ''), { format: FRR_VALUES.dateFormat }),
  ]);

export function transactionsFrr(h: FrrHeader, report: TransactionsReport): FrrElement {
  return el(FRR.root, [
    header(h, `E-reporting transactions ${report.period.start} ${report.period.end}`),
    el(FRR.transactionsReport, [
      period(report.period),
      ...report.lines.map((l) =>
        el(FRR.transactions, [
          frrDate(l.date),
          el(FRR.currency, l.currency),
          el(FRR.category, l.category),
          el(FRR.taxExclusive, frrAmount(l.taxExclusiveCents), { currencyID: l.currency }),
          el(FRR.taxTotal, frrAmount(l.taxCents), { currencyID: l.currency }),
          el(FRR.count, String(l.count)),
          el(FRR.taxSubTotal, [
            el(FRR.taxableAmount, frrAmount(l.taxExclusiveCents), { currencyID: l.currency }),
            el(FRR.taxAmount, frrAmount(l.taxCents), { currencyID: l.currency }),
            el(FRR.taxCategory, l.rateBp === 0 ? FRR_VALUES.zeroTax : FRR_VALUES.standardTax),
            el(FRR.percent, frrPercent(l.rateBp)),
          ]),
        ]),
      ),
    ]),
  ]);
}

export function paymentsFrr(h: FrrHeader, report: PaymentsReport): FrrElement {
  return el(FRR.root, [
    header(h, `E-reporting paiements ${report.period.start} ${report.period.end}`),
    el(FRR.paymentsReport, [
      period(report.period),
      ...report.lines.map((l) =>
        el(FRR.payment, [
          frrDate(l.date),
          el(FRR.subTotals, [
            el(FRR.percent, frrPercent(l.rateBp)),
            el(FRR.currency, l.currency),
            el(FRR.amount, frrAmount(l.amountCents), { currencyID: l.currency }),
            el(FRR.taxAmount, frrAmount(l.taxCents), { currencyID: l.currency }),
          ]),
        ]),
      ),
    ]),
  ]);
}
