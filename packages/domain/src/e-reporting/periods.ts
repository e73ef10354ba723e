import type { CalendarDate } from '../calendar';

/**
 * E-reporting periods and filing deadlines (CGI ann. II art. 242 nonies M–O, decree 2022-1299;
 * decision 1213). The period follows the issuer's VAT regime, a setting of the e-invoicing module:
 *   réel normal mensuel      — transactions per decade (1–10, 11–20, 21–end), payments per month, due the 10th day after;
 *   réel normal trimestriel  — month, due the 10th of the next month;
 *   réel simplifié           — month, due the 30th of the next month (its last day in February);
 *   franchise en base        — two months (Jan–Feb, Mar–Apr…), due the 30th of the month after.
 */

export const E_REPORTING_PERIOD_KINDS = ['decade', 'month', 'bimonth'] as const;
export type EReportingPeriodKind = (typeof E_REPORTING_PERIOD_KINDS)[number];

export const E_REPORT_KINDS = ['transactions', 'payments'] as const;
export type EReportKind = (typeof E_REPORT_KINDS)[number];

/** When a monthly report is due: the 10th (réel normal) or the 30th (simplifié, franchise) of the next month. */
export type MonthlyDeadline = 'tenth' | 'thirtieth';

export interface EReportingPeriod {
  kind: EReportingPeriodKind;
  start: CalendarDate;
  end: CalendarDate;
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}` as CalendarDate;
/** Days in month `m` (1–12) of year `y`. */
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const parts = (date: string) => ({ y: Number(date.slice(0, 4)), m: Number(date.slice(5, 7)), d: Number(date.slice(8, 10)) });
const nextMonth = (y: number, m: number) => (m === 12 ? { y: y + 1, m: 1 } : { y, m: m + 1 });

/** The payment-data report of a decade issuer is monthly; the others report both on one period. */
export function periodKindFor(report: EReportKind, transactionsKind: EReportingPeriodKind): EReportingPeriodKind {
  return report === 'payments' && transactionsKind === 'decade' ? 'month' : transactionsKind;
}

/** The period of `kind` holding `date`. */
export function reportingPeriodOf(date: CalendarDate | string, kind: EReportingPeriodKind): EReportingPeriod {
  const { y, m, d } = parts(date);
  if (kind === 'decade') {
    if (d <= 10) return { kind, start: ymd(y, m, 1), end: ymd(y, m, 10) };
    if (d <= 20) return { kind, start: ymd(y, m, 11), end: ymd(y, m, 20) };
    return { kind, start: ymd(y, m, 21), end: ymd(y, m, daysIn(y, m)) };
  }
  if (kind === 'month') return { kind, start: ymd(y, m, 1), end: ymd(y, m, daysIn(y, m)) };
  const first = m % 2 === 1 ? m : m - 1;
  return { kind, start: ymd(y, first, 1), end: ymd(y, first + 1, daysIn(y, first + 1)) };
}

/** The period right after `period`. */
export function nextReportingPeriod(period: EReportingPeriod): EReportingPeriod {
  const { y, m, d } = parts(period.end);
  const day =
    d === daysIn(y, m)
      ? (() => {
          const n = nextMonth(y, m);
          return ymd(n.y, n.m, 1);
        })()
      : ymd(y, m, d + 1);
  return reportingPeriodOf(day, period.kind);
}

/** The last day a period's report may be filed. */
export function filingDeadline(period: EReportingPeriod, monthly: MonthlyDeadline = 'tenth'): CalendarDate {
  const { y, m, d } = parts(period.end);
  const after = nextMonth(y, m);
  if (period.kind === 'decade') {
    // 1–10 → the 20th, 11–20 → the 30th (the month's last day in February), 21–end → the 10th of the next month.
    if (d === 10) return ymd(y, m, 20);
    if (d === 20) return ymd(y, m, Math.min(30, daysIn(y, m)));
    return ymd(after.y, after.m, 10);
  }
  const day = period.kind === 'month' && monthly === 'tenth' ? 10 : Math.min(30, daysIn(after.y, after.m));
  return ymd(after.y, after.m, day);
}

/** Whether a period is over on `today` (its report can be built): the day after its end. */
export function isPeriodClosed(period: EReportingPeriod, today: CalendarDate | string): boolean {
  return today > period.end;
}

/**
 * The closed periods from the one holding `from` up to the last one ended before `today`, oldest
 * first — what a run of the reporting job has to make sure exists.
 */
export function closedPeriodsBetween(from: CalendarDate | string, today: CalendarDate | string, kind: EReportingPeriodKind): EReportingPeriod[] {
  const out: EReportingPeriod[] = [];
  for (let p = reportingPeriodOf(from, kind); isPeriodClosed(p, today); p = nextReportingPeriod(p)) out.push(p);
  return out;
}
