import { describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { buildPaymentsReport, buildTransactionsReport, paymentsFrr, transactionsFrr, type FrrHeader } from '@ouvrage/domain';
import { xmlDocument } from '../../src/modules/pdf';

/** The FRR document of a report (decision 1213): well formed, the same for the same report, holding its sums. */

const header: FrrHeader = {
  transmissionId: 'ER-732829320-T-20261101',
  siren: '732829320',
  issuerName: 'Atelier <Dupont> & fils',
  issuedAt: new Date('2026-12-01T08:00:00Z'),
};
const period = { start: '2026-11-01', end: '2026-11-30' };
const transactions = buildTransactionsReport(period, [
  {
    kind: 'invoice',
    id: 1,
    number: 'F-2026-0001',
    date: '2026-11-03',
    byRate: [
      { rateBp: 1000, baseCents: 123_456, tvaCents: 12_346 },
      { rateBp: 2000, baseCents: 1_000, tvaCents: 200 },
    ],
  },
  { kind: 'credit-note', id: 2, number: 'AV-2026-0001', date: '2026-11-20', byRate: [{ rateBp: 1000, baseCents: 10_000, tvaCents: 1_000 }] },
]);
const payments = buildPaymentsReport(period, [
  {
    invoiceId: 1,
    number: 'F-2026-0001',
    byRate: [
      { rateBp: 1000, baseCents: 123_456, tvaCents: 12_346 },
      { rateBp: 2000, baseCents: 1_000, tvaCents: 200 },
    ],
    payments: [{ id: 1, date: '2026-11-10', amountCents: 50_000 }],
  },
]);
const parser = new XMLParser({ ignoreAttributes: false });
const cents = (v: unknown) => Math.round(Number(typeof v === 'object' && v ? (v as Record<string, unknown>)['#text'] : v) * 100);

describe('the FRR document', () => {
  it('is well formed, escapes text, and is the same document for the same report', () => {
    const xml = xmlDocument(transactionsFrr(header, transactions));
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('Atelier &lt;Dupont&gt; &amp; fils');
    expect(xmlDocument(transactionsFrr(header, transactions))).toBe(xml);
    const doc = parser.parse(xml);
    expect(doc.Report.ReportDocument.Issuer.GlobalID).toEqual({ '#text': 732829320, '@_schemeID': '0002' });
    expect(doc.Report.TransactionsReport.ReportPeriod.StartDate['#text']).toBe(20261101);
  });

  it('holds the transactions’ sums per day and rate', () => {
    const doc = parser.parse(xmlDocument(transactionsFrr(header, transactions)));
    const lines = [doc.Report.TransactionsReport.Transactions].flat();
    expect(lines.map((l) => [l.Date['#text'], l.TaxSubTotal.Percent, cents(l.TaxExclusiveAmount), cents(l.TaxTotal), l.TransactionsCount])).toEqual([
      [20261103, 20, 1_000, 200, 1],
      [20261103, 10, 123_456, 12_346, 1],
      [20261120, 10, -10_000, -1_000, 1],
    ]);
    expect(lines.reduce((s, l) => s + cents(l.TaxExclusiveAmount), 0)).toBe(transactions.totals.taxExclusiveCents);
    expect(lines.every((l) => l.CategoryCode === 'TPS1' && l.CurrencyCode === 'EUR')).toBe(true);
  });

  it('holds the payments’ amounts and TVA per day and rate', () => {
    const xml = xmlDocument(paymentsFrr({ ...header, transmissionId: 'ER-732829320-P-20261101' }, payments));
    expect(XMLValidator.validate(xml)).toBe(true);
    const lines = [parser.parse(xml).Report.PaymentsReport.Payment].flat();
    expect(lines.reduce((s, l) => s + cents(l.SubTotals.Amount), 0)).toBe(50_000);
    expect(lines.reduce((s, l) => s + cents(l.SubTotals.TaxAmount), 0)).toBe(payments.totals.taxCents);
  });
});
