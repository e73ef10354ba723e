import type { AdminDashboard, ProjectBoard } from '@ouvrage/contracts';
import { CONVERTED_QUOTE_STATUSES, conversionRateBp, periodRange, type BoardOrder, type DashboardPeriod } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { projectBoard, projectsByState, projectsToReview } from '../projects';
import { quoteOutcomes } from '../quotes';
import { tendersByMonth } from '../tenders';
import { professionalsAwaitingValidation } from '../users';
import { billingByMonth } from './read-model';

/**
 * The admin dashboard (issue 12, decisions 0820–0823). This module owns no table: each widget is
 * one SQL statement of the module owning its rows — billing two, composed by the read model
 * (decision 1190); here they are composed and the months of the period filled in (a month without
 * rows shows as zeros).
 */

const LIST_LIMIT = 5;

function byMonth<T extends { month: string }>(months: string[], rows: T[], zero: Omit<T, 'month'>): T[] {
  const found = new Map(rows.map((r) => [r.month, r]));
  return months.map((month) => found.get(month) ?? ({ ...zero, month } as T));
}

const sum = <T>(rows: T[], pick: (r: T) => number) => rows.reduce((total, r) => total + pick(r), 0);

export async function adminDashboard(deps: AppDeps, period: DashboardPeriod): Promise<AdminDashboard> {
  const range = periodRange(period, deps.clock.now());
  const { db } = deps;
  // One statement per widget, all at once: on a PostgreSQL server each takes a connection of the
  // pool, so the answer waits for the slowest widget only (PGlite runs them one after the other).
  const [toReview, pros, states, tenderRows, quotes, billingRows] = await Promise.all([
    projectsToReview(db, LIST_LIMIT),
    professionalsAwaitingValidation(db, LIST_LIMIT),
    projectsByState(db, range),
    tendersByMonth(db, range),
    quoteOutcomes(db, range),
    billingByMonth(db, range),
  ]);
  const tenders = byMonth(range.months, tenderRows, { sent: 0, accepted: 0, refused: 0 });
  const billing = byMonth(range.months, billingRows, { invoiced_cents: 0, credited_cents: 0, received_cents: 0 });

  const quotesIn = (statuses: readonly string[]) =>
    sum(
      quotes.filter((q) => statuses.includes(q.status)),
      (q) => q.count,
    );
  const sent = sum(quotes, (q) => q.count);
  const converted = quotesIn(CONVERTED_QUOTE_STATUSES);
  return {
    periode: period,
    months: range.months,
    to_review: {
      count: toReview.count,
      oldest: toReview.oldest.map((p) => ({ id: p.id, client_name: p.clientName, postcode: p.postcode, city: p.city, created_at: p.createdAt.toISOString() })),
    },
    pros_pending: {
      count: pros.count,
      oldest: pros.oldest.map((u) => ({ id: u.id, name: u.name, email: u.email, user_type: u.userType, created_at: u.createdAt.toISOString() })),
    },
    projects_by_state: { total: sum(states, (s) => s.count), items: states },
    tenders: { sent: sum(tenders, (t) => t.sent), accepted: sum(tenders, (t) => t.accepted), refused: sum(tenders, (t) => t.refused), by_month: tenders },
    quotes: {
      sent,
      converted,
      refused: quotesIn(['Refusé']),
      expired: quotesIn(['Expiré']),
      pending: quotesIn(['Envoyé']),
      cancelled: quotesIn(['Annulé']),
      rate_bp: conversionRateBp(converted, sent),
      converted_ht_cents: sum(
        quotes.filter((q) => (CONVERTED_QUOTE_STATUSES as readonly string[]).includes(q.status)),
        (q) => q.ht_cents,
      ),
    },
    billing: {
      invoiced_cents: sum(billing, (b) => b.invoiced_cents),
      credited_cents: sum(billing, (b) => b.credited_cents),
      received_cents: sum(billing, (b) => b.received_cents),
      by_month: billing,
    },
  };
}

export async function adminBoard(deps: AppDeps, options: { perColumn: number; order: BoardOrder }): Promise<ProjectBoard> {
  const columns = await projectBoard(deps.db, options);
  return {
    par_colonne: options.perColumn,
    ordre: options.order,
    columns: columns.map((c) => ({
      stage: c.stage,
      total: c.total,
      total_capped: c.totalCapped,
      cards: c.cards.map((card) => ({
        id: card.id,
        client_name: card.clientName,
        postcode: card.postcode,
        city: card.city,
        category_name: card.categoryName,
        bien_name: card.bienName,
        state: card.state,
        stage: card.stage,
        created_at: card.createdAt.toISOString(),
        updated_at: card.updatedAt.toISOString(),
      })),
    })),
  };
}
