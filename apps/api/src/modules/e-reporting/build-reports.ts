import {
  addDays,
  buildPaymentsReport,
  buildTransactionsReport,
  calendarDateAt,
  closedPeriodsBetween,
  eReportTrackingId,
  filingDeadline,
  paymentsFrr,
  periodKindFor,
  todayInParis,
  transactionsFrr,
  E_REPORT_KINDS,
  type EReportingPeriod,
  type EReportKind,
  type InvoicePayments,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { consumerSalesOf } from '../invoices';
import { confirmedPaymentsOf } from '../payments';
import { companiesOf } from '../professionals';
import { enqueue } from '../jobs';
import { xmlDocument } from '../pdf';
import { eReportingPaOf, type ReportingIssuer } from './pa-seam';
import * as repo from './repository';

/**
 * Building the reports of closed periods (issue 37 §2, decision 1213). A run finds, for each
 * issuer with a PA, the periods over since the first consumer sale and not yet reported, builds
 * each one's content and FRR document, and stores it with its submission job in one transaction;
 * the unique (issuer, kind, period start) makes a second run, or a second instance, store nothing.
 */

export const SUBMIT_JOB = 'e-reporting.submit';
/**
 * Payment data waits a few days after its period: a transfer is booked on the day it was received,
 * which the admin may confirm days later; invoices are dated the day they are issued, so the
 * transactions go at once. Both stay well within the 10 days of the earliest deadline.
 */
const PAYMENTS_SETTLE_DAYS = 3;
/** Attempts of a submission before it fails (backoff 10 s × 2ⁿ: about an hour and a half of a PA down). */
export const SUBMIT_ATTEMPTS = 10;
/** The first day reported: the reform's e-reporting starts on 1 September 2026. */
export const E_REPORTING_FIRST_DAY = '2026-09-01';

/** A payment is cashed on the day the transfer was received, a card payment on the Paris day it was confirmed (as the FEC). */
const cashDay = (p: { confirmedAt: Date; receivedOn: string | null }) => p.receivedOn ?? calendarDateAt(p.confirmedAt);
/** Refunds after the payments' ids: one sequence of cash movements per invoice. */
const REFUND_ID_OFFSET = 1_000_000_000;

async function issuerIdentity(deps: AppDeps, issuerId: number): Promise<{ siren: string; name: string } | null> {
  const [company] = await companiesOf(deps.db, [issuerId]);
  const siren = company?.siren?.replace(/\s+/g, '') || company?.siret?.replace(/\s+/g, '').slice(0, 9) || '';
  return /^\d{9}$/.test(siren) ? { siren, name: company?.raisonSociale || company?.tradeName || '' } : null;
}

interface Sales {
  documents: Parameters<typeof buildTransactionsReport>[1];
  cash: InvoicePayments[];
  firstDay: string | null;
}

async function salesOf(deps: AppDeps, issuerId: number, until: string): Promise<Sales> {
  const sales = await consumerSalesOf(deps.db, issuerId, until);
  const numbers = new Map(sales.invoices.map((i) => [i.id, i.number]));
  const payments = (await confirmedPaymentsOf(deps.db, issuerId)).filter((p) => numbers.has(p.invoiceId));
  const cash = sales.invoices.map((i): InvoicePayments => {
    const movements = [
      ...payments.filter((p) => p.invoiceId === i.id).map((p) => ({ id: p.id, date: cashDay(p), amountCents: p.amountCents })),
      ...sales.refunds.filter((r) => r.invoiceId === i.id).map((r) => ({ id: REFUND_ID_OFFSET + r.id, date: r.refundedOn, amountCents: -r.amountCents })),
    ].filter((m) => m.date <= until);
    movements.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
    return { invoiceId: i.id, number: i.number, byRate: i.byRate, payments: movements };
  });
  const documents = [
    ...sales.invoices.map((i) => ({ kind: 'invoice' as const, id: i.id, number: i.number, date: i.issueDate, byRate: i.byRate })),
    ...sales.creditNotes.map((c) => ({ kind: 'credit-note' as const, id: c.id, number: c.number, date: c.issueDate, byRate: c.byRate })),
  ];
  const days = [...documents.map((d) => d.date), ...cash.flatMap((c) => c.payments.map((p) => p.date))].sort();
  return { documents, cash, firstDay: days[0] ?? null };
}

/** What a report of `kind` over `period` contains, and its FRR document. */
function contentOf(kind: EReportKind, period: EReportingPeriod, sales: Sales, header: Parameters<typeof transactionsFrr>[0]) {
  if (kind === 'transactions') {
    const report = buildTransactionsReport(period, sales.documents);
    return { report, empty: report.documents.length === 0, xml: xmlDocument(transactionsFrr(header, report)) };
  }
  const report = buildPaymentsReport(period, sales.cash);
  return { report, empty: report.payments.length === 0, xml: xmlDocument(paymentsFrr(header, report)) };
}

/** Build and store the missing reports of one issuer's closed periods; the ids stored. */
export async function buildIssuerReports(deps: AppDeps, issuer: ReportingIssuer): Promise<number[]> {
  const today = todayInParis(deps.clock);
  const identity = await issuerIdentity(deps, issuer.issuerId);
  // Without a SIREN no report can name its issuer; the e-invoicing settings already ask for it.
  if (!identity) return [];
  const sales = await salesOf(deps, issuer.issuerId, today);
  if (!sales.firstDay) return [];
  const from = sales.firstDay < E_REPORTING_FIRST_DAY ? E_REPORTING_FIRST_DAY : sales.firstDay;
  const done = new Set((await repo.reportedStarts(deps.db, issuer.issuerId)).map((r) => `${r.kind}|${r.periodStart}`));
  const stored: number[] = [];
  for (const kind of E_REPORT_KINDS) {
    const periodKind = periodKindFor(kind, issuer.periodKind);
    const closedBy = kind === 'payments' ? addDays(today, -PAYMENTS_SETTLE_DAYS) : today;
    for (const period of closedPeriodsBetween(from, closedBy, periodKind)) {
      if (done.has(`${kind}|${period.start}`)) continue;
      const trackingId = eReportTrackingId(identity.siren, kind, period.start);
      const now = deps.clock.now();
      const { report, empty, xml } = contentOf(kind, period, sales, {
        transmissionId: trackingId,
        siren: identity.siren,
        issuerName: identity.name,
        issuedAt: now,
      });
      // A period without a consumer sale (or payment) has nothing to declare.
      if (empty) continue;
      const id = await deps.db.transaction(async (tx) => {
        const row = await repo.insertReport(tx, {
          issuerId: issuer.issuerId,
          kind,
          periodKind,
          periodStart: period.start,
          periodEnd: period.end,
          dueDate: filingDeadline(period, issuer.vatRegime === 'reel_normal' ? 'tenth' : 'thirtieth'),
          trackingId,
          content: report as unknown as Record<string, unknown>,
          xml,
          history: [{ at: now.toISOString(), state: 'draft' }],
        });
        if (!row) return null;
        await enqueue(tx, { kind: SUBMIT_JOB, payload: { reportId: row.id }, idempotencyKey: `${row.id}:0`, maxAttempts: SUBMIT_ATTEMPTS });
        return row.id;
      });
      if (id !== null) stored.push(id);
    }
  }
  return stored;
}

/** One run over every issuer with a PA; an issuer's failure does not stop the others. */
export async function buildDueReports(deps: AppDeps, log: { warn(o: object, m: string): void }): Promise<number> {
  let stored = 0;
  for (const issuer of await eReportingPaOf(deps).issuers(deps.db)) {
    try {
      stored += (await buildIssuerReports(deps, issuer)).length;
    } catch (err) {
      log.warn({ err, issuerId: issuer.issuerId }, 'e-reporting: reports not built');
    }
  }
  if (stored > 0) void deps.jobs.kick();
  return stored;
}
