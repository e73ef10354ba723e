import type { ArchitectDashboard, ClientDashboard, ProfessionalDashboard } from '@ouvrage/contracts';
import { PROFILE_CHECK_SCREENS } from '@ouvrage/contracts';
import {
  calendarDate,
  chartMonths,
  clientNextSteps,
  isProfessional,
  parisMidnight,
  retentionReleaseDate,
  retentionState,
  shareBp,
  todayInParis,
  type Caller,
  type CalendarDate,
} from '@ouvrage/domain';
import { forbidden } from '../../lib/errors';
import type { AppDeps } from '../../lib/deps';
import { invoicesToPay, overdueInvoicesOf } from '../invoices';
import { completenessFor } from '../professionals';
import { clientProjectsOverview } from '../projects';
import { quoteConversion, quotePipeline, quotesAwaitingAnswer } from '../quotes';
import { acceptedTendersOf, availableTendersOf, tenderAnswerCounts } from '../tenders';
import { amountsPerMonth, documentsToSign, guaranteesOf } from './read-model';

/**
 * The dashboards (issue 12, decisions 0810–0813): each widget is one query of the module that owns
 * its rows, scoped to the caller; nothing here takes another user's id. Queries run one after the
 * other: the embedded database has one connection.
 */

/** Rows a list widget shows; its count and sums cover every row. */
export const WIDGET_ROWS = 5;
/** Réceptions read to count the guarantees (an architect has far fewer unreleased ones). */
const GUARANTEE_ROWS = 500;

export async function clientDashboard(deps: AppDeps, caller: Caller): Promise<ClientDashboard> {
  const db = deps.db;
  const today = todayInParis(deps.clock);
  const projects = await clientProjectsOverview(db, caller.id, 6);
  const quotes = await quotesAwaitingAnswer(db, caller.id, WIDGET_ROWS);
  const documents = await documentsToSign(db, caller.id, WIDGET_ROWS);
  const invoices = await invoicesToPay(db, caller.id, today, WIDGET_ROWS);
  const projectItems = projects.items.map(({ project: p, categoryName, bienName }) => ({
    id: p.id,
    category_name: categoryName,
    bien_name: bienName,
    city: p.city,
    postcode: p.postcode,
    state: p.state,
    stage: p.stage,
    created_at: p.createdAt.toISOString(),
  }));
  const quoteItems = quotes.items.map((q) => ({
    id: q.id,
    label: q.label,
    title: q.title,
    project_id: q.projectId,
    total_ttc_cents: q.totalTtcCents,
    valid_until: q.validUntil,
  }));
  return {
    projects: { total: projects.total, items: projectItems },
    quotes_awaiting: { total: quotes.total, total_ttc_cents: quotes.totalTtcCents, items: quoteItems },
    documents_to_sign: documents,
    invoices_to_pay: {
      total: invoices.total,
      due_cents: invoices.dueCents,
      overdue_count: invoices.overdueCount,
      overdue_cents: invoices.overdueCents,
      items: invoices.items,
    },
    next_steps: clientNextSteps({ projects: projectItems, quotesAwaiting: quoteItems, documentsToSign: documents.items, invoicesToPay: invoices.items }),
  };
}

export async function professionalDashboard(deps: AppDeps, caller: Caller): Promise<ProfessionalDashboard> {
  const userType = caller.user_type;
  if (!isProfessional(userType)) throw forbidden();
  const db = deps.db;
  const available = await availableTendersOf(db, caller.id, WIDGET_ROWS);
  const accepted = await acceptedTendersOf(db, caller.id, WIDGET_ROWS);
  const completeness = (await completenessFor(db, [{ id: caller.id, userType }], todayInParis(deps.clock))).get(caller.id)!;
  const answers = await tenderAnswerCounts(db, caller.id);
  const answered = answers.accepted + answers.refused;
  return {
    tenders_available: {
      total: available.total,
      items: available.items.map((t) => ({
        id: t.id,
        project_id: t.project.id,
        category_name: t.categoryName,
        bien_name: t.bienName,
        city: t.project.city,
        postcode: t.project.postcode,
        reply_deadline: t.replyDeadline.toISOString(),
      })),
    },
    accepted_projects: {
      total: accepted.total,
      items: accepted.items.map((t) => ({
        tender_id: t.id,
        project_id: t.project.id,
        category_name: t.categoryName,
        bien_name: t.bienName,
        city: t.project.city,
        postcode: t.project.postcode,
        state: t.project.state,
        stage: t.project.stage,
        accepted_at: t.answeredAt?.toISOString() ?? null,
      })),
    },
    profile: {
      percent: completeness.percent,
      complete: completeness.complete,
      items: completeness.items.map((i) => ({
        key: i.key,
        done: i.done,
        required: i.required,
        to: PROFILE_CHECK_SCREENS[i.key],
        ...(i.gaps ? { gaps: i.gaps } : {}),
      })),
    },
    answer_rate: { ...answers, answered, rate_bp: shareBp(answered, answers.received) },
  };
}

export async function architectDashboard(deps: AppDeps, caller: Caller, periode: string): Promise<ArchitectDashboard> {
  const db = deps.db;
  const today = todayInParis(deps.clock);
  const period = chartMonths(periode, today);
  const fromInstant = parisMidnight(period.from);
  const untilInstant = parisMidnight(period.until);
  const pipeline = await quotePipeline(db, caller.id);
  const conversion = await quoteConversion(db, caller.id, fromInstant, untilInstant);
  const amounts = await amountsPerMonth(db, caller.id, { from: period.from, until: period.until, fromInstant, untilInstant });
  const overdue = await overdueInvoicesOf(db, caller.id, today, WIDGET_ROWS);
  const guarantees = guaranteeView(await guaranteesOf(db, caller.id, GUARANTEE_ROWS), today);
  const months = period.months.map((month) => ({
    month,
    invoiced_cents: amounts.get(month)?.invoiced ?? 0,
    received_cents: amounts.get(month)?.received ?? 0,
  }));
  return {
    period: { periode, months: period.months, from: period.from, until: period.until },
    pipeline,
    conversion: { ...conversion, rate_bp: shareBp(conversion.accepted, conversion.sent) },
    months,
    totals: { invoiced_cents: months.reduce((s, m) => s + m.invoiced_cents, 0), received_cents: months.reduce((s, m) => s + m.received_cents, 0) },
    overdue_invoices: { total: overdue.total, left_cents: overdue.leftCents, items: overdue.items },
    guarantees,
  };
}

type GuaranteeRow = Awaited<ReturnType<typeof guaranteesOf>>[number];

/** Each réception's retenue state today (the domain's rule); releasable ones first, then by release date. */
function guaranteeView(rows: GuaranteeRow[], today: CalendarDate): ArchitectDashboard['guarantees'] {
  const items = rows.flatMap((r) => {
    const receptionDate = calendarDate(r.receptionDate);
    const state = retentionState(
      { retentionCents: r.retentionCents, receptionDate, signed: r.signed, openReservations: r.openReservations, releasedOn: null },
      today,
    );
    if (state === 'none' || state === 'released') return [];
    return [
      {
        reception_id: r.id,
        quote_id: r.quoteId,
        project_id: r.projectId,
        quote_label: r.quoteLabel,
        reception_date: r.receptionDate,
        release_date: retentionReleaseDate(receptionDate),
        retention_cents: r.retentionCents,
        open_reservations: r.openReservations,
        state,
      },
    ];
  });
  const releasable = items.filter((i) => i.state === 'releasable');
  items.sort(
    (a, b) =>
      Number(b.state === 'releasable') - Number(a.state === 'releasable') || a.release_date.localeCompare(b.release_date) || a.reception_id - b.reception_id,
  );
  return {
    total: items.length,
    releasable: releasable.length,
    releasable_cents: releasable.reduce((s, i) => s + i.retention_cents, 0),
    items: items.slice(0, WIDGET_ROWS),
  };
}
