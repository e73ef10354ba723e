import type { EReportDetail, EReportingPeriodItem, EReportingPeriods } from '@ouvrage/contracts';
import {
  calendarDateAt,
  canResendReport,
  E_REPORT_KINDS,
  filingDeadline,
  isReportLate,
  periodKindFor,
  reportingPeriodOf,
  reportStatus,
  todayInParis,
  type Caller,
  type PaymentsReport,
  type TransactionsReport,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { issuerOf } from '../users';
import { eReportingPaOf } from './pa-seam';
import * as repo from './repository';

/** What the screen shows of a period's report (decision 1213): its status, totals, lines, history. */

type Content = TransactionsReport | PaymentsReport;
const isTransactions = (kind: string, _c: Content): _c is TransactionsReport => kind === 'transactions';

function totalsOf(row: repo.EReportRow): EReportingPeriodItem['totals'] {
  const content = row.content as unknown as Content;
  if (isTransactions(row.kind, content))
    return { amount_cents: content.totals.taxExclusiveCents, tax_cents: content.totals.taxCents, count: content.totals.count };
  return { amount_cents: content.totals.amountCents, tax_cents: content.totals.taxCents, count: content.totals.count };
}

function item(row: repo.EReportRow, today: string): EReportingPeriodItem {
  const facts = { state: row.state, dueDate: row.dueDate, periodEnd: row.periodEnd, submittedOn: row.submittedAt ? calendarDateAt(row.submittedAt) : null };
  return {
    id: row.id,
    kind: row.kind,
    period_kind: row.periodKind,
    period_start: row.periodStart,
    period_end: row.periodEnd,
    due_date: row.dueDate,
    status: reportStatus(facts, today),
    late: isReportLate(facts, today),
    state: row.state,
    totals: totalsOf(row),
    attempts: row.attempts,
    last_error: row.lastError,
  };
}

/** An issuer's reports of a year, with the periods still open (« à venir ») at the end. */
export async function listPeriods(deps: AppDeps, caller: Caller, q: { year: number; issuer_id?: number }): Promise<EReportingPeriods> {
  const issuerId = await issuerOf(deps, caller, q.issuer_id);
  const issuer = await eReportingPaOf(deps).issuer(deps.db, issuerId);
  const today = todayInParis(deps.clock);
  const periods = (await repo.reportsOfYear(deps.db, issuerId, q.year)).map((r) => item(r, today));
  if (issuer.connected && Number(today.slice(0, 4)) === q.year) {
    for (const kind of E_REPORT_KINDS) {
      const period = reportingPeriodOf(today, periodKindFor(kind, issuer.periodKind));
      periods.push({
        id: null,
        kind,
        period_kind: period.kind,
        period_start: period.start,
        period_end: period.end,
        due_date: filingDeadline(period, issuer.vatRegime === 'reel_normal' ? 'tenth' : 'thirtieth'),
        status: 'upcoming',
        late: false,
        state: null,
        totals: null,
        attempts: 0,
        last_error: null,
      });
    }
  }
  // Newest period first, transactions before payments.
  periods.sort((a, b) => (a.period_start === b.period_start ? (a.kind < b.kind ? 1 : -1) : a.period_start < b.period_start ? 1 : -1));
  return { year: q.year, connected: issuer.connected, period_kind: issuer.periodKind, periods };
}

export function reportDetail(row: repo.EReportRow, today: string): EReportDetail {
  const content = row.content as unknown as Content;
  const base = item(row, today);
  const lines = isTransactions(row.kind, content)
    ? content.lines.map((l) => ({ date: l.date, rate_bp: l.rateBp, amount_cents: l.taxExclusiveCents, tax_cents: l.taxCents, count: l.count }))
    : content.lines.map((l) => ({ date: l.date, rate_bp: l.rateBp, amount_cents: l.amountCents, tax_cents: l.taxCents, count: l.count }));
  const items = isTransactions(row.kind, content)
    ? content.documents.map((d) => ({ kind: d.kind, number: d.number, date: d.date, amount_cents: null }))
    : content.payments.map((p) => ({ kind: 'payment' as const, number: p.number, date: p.date, amount_cents: p.amountCents }));
  return {
    ...base,
    id: row.id,
    state: row.state,
    totals: base.totals ?? { amount_cents: 0, tax_cents: 0, count: 0 },
    tracking_id: row.trackingId,
    flow_id: row.flowId,
    can_resend: canResendReport(row.state),
    lines,
    items,
    history: row.history.map((h) => ({ at: h.at, state: h.state, note: h.note ?? null })),
  };
}

export async function getReport(deps: AppDeps, id: number): Promise<EReportDetail> {
  const row = await repo.findReport(deps.db, id);
  if (!row) throw notFound('Cette déclaration est introuvable.');
  return reportDetail(row, todayInParis(deps.clock));
}
