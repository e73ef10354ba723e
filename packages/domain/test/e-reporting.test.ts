import { describe, expect, it } from 'vitest';
import {
  buildPaymentsReport,
  buildTransactionsReport,
  closedPeriodsBetween,
  eReportTrackingId,
  filingDeadline,
  nextReportingPeriod,
  periodKindFor,
  reportingPeriodOf,
  reportStateOfLifecycle,
  reportStatus,
} from '../src';

/** E-reporting periods, deadlines and statuses (issue 37 §2, decision 1213). */

describe('e-reporting periods', () => {
  it('cuts decades at the 10th and the 20th, the last one to the month’s end', () => {
    expect(reportingPeriodOf('2026-02-05', 'decade')).toEqual({ kind: 'decade', start: '2026-02-01', end: '2026-02-10' });
    expect(reportingPeriodOf('2026-02-20', 'decade')).toEqual({ kind: 'decade', start: '2026-02-11', end: '2026-02-20' });
    expect(reportingPeriodOf('2028-02-29', 'decade')).toEqual({ kind: 'decade', start: '2028-02-21', end: '2028-02-29' });
    expect(reportingPeriodOf('2026-12-31', 'decade').end).toBe('2026-12-31');
  });

  it('has months and pairs of months from January', () => {
    expect(reportingPeriodOf('2026-11-30', 'month')).toEqual({ kind: 'month', start: '2026-11-01', end: '2026-11-30' });
    expect(reportingPeriodOf('2026-04-15', 'bimonth')).toEqual({ kind: 'bimonth', start: '2026-03-01', end: '2026-04-30' });
    expect(reportingPeriodOf('2026-01-02', 'bimonth')).toEqual({ kind: 'bimonth', start: '2026-01-01', end: '2026-02-28' });
  });

  it('walks to the next period across months and years', () => {
    expect(nextReportingPeriod(reportingPeriodOf('2026-12-25', 'decade')).start).toBe('2027-01-01');
    expect(nextReportingPeriod(reportingPeriodOf('2026-11-12', 'decade')).start).toBe('2026-11-21');
    expect(nextReportingPeriod(reportingPeriodOf('2026-11-12', 'bimonth')).start).toBe('2027-01-01');
  });

  it('files a decade ten days after it, a month by the 10th or the 30th of the next one', () => {
    expect(filingDeadline(reportingPeriodOf('2026-03-05', 'decade'))).toBe('2026-03-20');
    expect(filingDeadline(reportingPeriodOf('2026-02-15', 'decade'))).toBe('2026-02-28');
    expect(filingDeadline(reportingPeriodOf('2026-12-25', 'decade'))).toBe('2027-01-10');
    expect(filingDeadline(reportingPeriodOf('2026-11-05', 'month'))).toBe('2026-12-10');
    expect(filingDeadline(reportingPeriodOf('2026-01-05', 'month'), 'thirtieth')).toBe('2026-02-28');
    expect(filingDeadline(reportingPeriodOf('2026-11-05', 'bimonth'))).toBe('2027-01-30');
  });

  it('reports payments monthly for a decade issuer', () => {
    expect(periodKindFor('payments', 'decade')).toBe('month');
    expect(periodKindFor('transactions', 'decade')).toBe('decade');
    expect(periodKindFor('payments', 'bimonth')).toBe('bimonth');
  });

  it('lists the closed periods only', () => {
    expect(closedPeriodsBetween('2026-09-15', '2026-12-01', 'month').map((p) => p.start)).toEqual(['2026-09-01', '2026-10-01', '2026-11-01']);
    expect(closedPeriodsBetween('2026-11-15', '2026-11-30', 'month')).toEqual([]);
  });
});

describe('e-report statuses', () => {
  const base = { dueDate: '2026-12-10', periodEnd: '2026-11-30' };
  it('says upcoming, in progress, submitted, late, accepted, refused, failed', () => {
    expect(reportStatus({ ...base, state: null }, '2026-11-20')).toBe('upcoming');
    expect(reportStatus({ ...base, state: null }, '2026-12-02')).toBe('in-progress');
    expect(reportStatus({ ...base, state: 'draft' }, '2026-12-02')).toBe('in-progress');
    expect(reportStatus({ ...base, state: 'submitted' }, '2026-12-02')).toBe('submitted');
    expect(reportStatus({ ...base, state: 'submitted' }, '2026-12-11')).toBe('late');
    expect(reportStatus({ ...base, state: 'draft' }, '2026-12-11')).toBe('late');
    // Filed in time, awaiting the PA: not late.
    expect(reportStatus({ ...base, state: 'submitted', submittedOn: '2026-12-10' }, '2026-12-20')).toBe('submitted');
    expect(reportStatus({ ...base, state: 'submitted', submittedOn: '2026-12-11' }, '2026-12-20')).toBe('late');
    expect(reportStatus({ ...base, state: 'accepted' }, '2027-01-11')).toBe('accepted');
    expect(reportStatus({ ...base, state: 'rejected' }, '2026-12-02')).toBe('rejected');
    expect(reportStatus({ ...base, state: 'failed' }, '2026-12-02')).toBe('failed');
  });

  it('reads the PA’s lifecycle codes', () => {
    expect(reportStateOfLifecycle([200])).toBe('submitted');
    expect(reportStateOfLifecycle([200, 202])).toBe('accepted');
    expect(reportStateOfLifecycle([200, 213])).toBe('rejected');
    // Without a status after 200, the flow's acknowledgement decides.
    expect(reportStateOfLifecycle([], 'Ok')).toBe('accepted');
    expect(reportStateOfLifecycle([200], 'Pending')).toBe('submitted');
    expect(reportStateOfLifecycle([200, 202], 'Error')).toBe('rejected');
  });

  it('names a report by its issuer, kind and period', () => {
    expect(eReportTrackingId('123456789', 'transactions', '2026-11-01')).toBe('ER-123456789-T-20261101');
  });
});

describe('e-report contents', () => {
  it('aggregates a day’s invoices and avoirs per rate', () => {
    const r = buildTransactionsReport({ start: '2026-11-01', end: '2026-11-30' }, [
      { kind: 'invoice', id: 1, number: 'F-1', date: '2026-11-03', byRate: [{ rateBp: 1000, baseCents: 100_000, tvaCents: 10_000 }] },
      {
        kind: 'invoice',
        id: 2,
        number: 'F-2',
        date: '2026-11-03',
        byRate: [
          { rateBp: 1000, baseCents: 50_000, tvaCents: 5_000 },
          { rateBp: 2000, baseCents: 1_000, tvaCents: 200 },
        ],
      },
      { kind: 'credit-note', id: 3, number: 'AV-1', date: '2026-11-09', byRate: [{ rateBp: 1000, baseCents: 20_000, tvaCents: 2_000 }] },
      { kind: 'invoice', id: 4, number: 'F-3', date: '2026-12-01', byRate: [{ rateBp: 1000, baseCents: 1, tvaCents: 0 }] },
    ]);
    expect(r.lines.map((l) => [l.date, l.rateBp, l.taxExclusiveCents, l.taxCents, l.count])).toEqual([
      ['2026-11-03', 2000, 1_000, 200, 1],
      ['2026-11-03', 1000, 150_000, 15_000, 2],
      ['2026-11-09', 1000, -20_000, -2_000, 1],
    ]);
    expect(r.totals).toEqual({ taxExclusiveCents: 131_000, taxCents: 13_200, count: 3 });
    expect(r.lines.every((l) => l.category === 'TPS1' && l.currency === 'EUR')).toBe(true);
  });

  it('splits a partial payment over the invoice’s rates, and a full payment ends on its TVA', () => {
    const invoice = {
      invoiceId: 1,
      number: 'F-1',
      byRate: [
        { rateBp: 1000 as const, baseCents: 100_000, tvaCents: 10_000 },
        { rateBp: 2000 as const, baseCents: 10_000, tvaCents: 2_000 },
      ],
      payments: [
        { id: 1, date: '2026-11-05', amountCents: 30_700 },
        { id: 2, date: '2026-12-05', amountCents: 91_300 },
      ],
    };
    const nov = buildPaymentsReport({ start: '2026-11-01', end: '2026-11-30' }, [invoice]);
    expect(nov.totals.amountCents).toBe(30_700);
    expect(nov.lines.map((l) => [l.rateBp, l.amountCents, l.taxCents])).toEqual([
      [2000, 3_020, 503],
      [1000, 27_680, 2_516],
    ]);
    const all = buildPaymentsReport({ start: '2026-11-01', end: '2026-12-31' }, [invoice]);
    const tax = (rate: number) => all.lines.filter((l) => l.rateBp === rate).reduce((s, l) => s + l.taxCents, 0);
    expect([tax(1000), tax(2000)]).toEqual([10_000, 2_000]);
  });
});
