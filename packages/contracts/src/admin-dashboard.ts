import { z } from 'zod';
import {
  BOARD_DEFAULT_PER_COLUMN,
  BOARD_MAX_PER_COLUMN,
  BOARD_ORDERS,
  DASHBOARD_PERIODS,
  DEFAULT_DASHBOARD_PERIOD,
  PROJECT_STAGES,
  PROJECT_STATES,
  USER_TYPES,
} from '@ouvrage/domain';
import { defineEndpoint } from './endpoint';
import { adminDashboardLines } from './routes/admin-dashboard';

/**
 * The admin dashboard (issue 12, decisions 0820–0823): every widget's figures in one answer, each
 * widget computed by one SQL query in the module that owns its table; and the board of open
 * projects by stage (a card moves with `POST /api/admin/project/change-stage`). Amounts in cents,
 * months `YYYY-MM` in Paris time, instants ISO 8601.
 */

export const dashboardQuery = z.object({
  periode: z.enum(DASHBOARD_PERIODS, { error: 'Période invalide (3m, 6m, 12m ou 24m).' }).default(DEFAULT_DASHBOARD_PERIOD),
});
export type DashboardQuery = z.input<typeof dashboardQuery>;

const count = z.number().int().nonnegative();
const cents = z.number().int();

export const projectToReview = z.object({
  id: z.number().int(),
  client_name: z.string(),
  postcode: z.string(),
  city: z.string(),
  created_at: z.string(),
});

export const professionalToValidate = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  user_type: z.enum(USER_TYPES),
  created_at: z.string(),
});

export const adminDashboard = z.object({
  periode: z.enum(DASHBOARD_PERIODS),
  /** Every month of the period, oldest first. */
  months: z.array(z.string()),
  /** Projects « En attente » now (whatever the period), the oldest first (5 at most). */
  to_review: z.object({ count, oldest: z.array(projectToReview) }),
  /** Professionals, drawers and architects « En attente » now, the oldest first (5 at most). */
  pros_pending: z.object({ count, oldest: z.array(professionalToValidate) }),
  /** Projects created in the period, by their current state (every state listed, zeros included). */
  projects_by_state: z.object({ total: count, items: z.array(z.object({ state: z.enum(PROJECT_STATES), count })) }),
  /** Tenders sent (by sending month) and answered (by answer month) in the period. */
  tenders: z.object({
    sent: count,
    accepted: count,
    refused: count,
    by_month: z.array(z.object({ month: z.string(), sent: count, accepted: count, refused: count })),
  }),
  /** Quotes sent in the period (replaced versions not counted) by what became of them. */
  quotes: z.object({
    sent: count,
    converted: count,
    refused: count,
    expired: count,
    pending: count,
    cancelled: count,
    /** converted ÷ sent in basis points (4 250 = 42,5 %). */
    rate_bp: z.number().int(),
    /** HT of the converted quotes (with the options the client took). */
    converted_ht_cents: cents,
  }),
  /** Invoiced TTC (by issue date), credited (credit notes) and received (confirmed payments) per month. */
  billing: z.object({
    invoiced_cents: cents,
    credited_cents: cents,
    received_cents: cents,
    by_month: z.array(z.object({ month: z.string(), invoiced_cents: cents, credited_cents: cents, received_cents: cents })),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

export const boardQuery = z.object({
  par_colonne: z.coerce
    .number({ error: 'Nombre de cartes invalide.' })
    .int('Nombre de cartes invalide.')
    .min(1, 'Au moins 1 carte par colonne.')
    .max(BOARD_MAX_PER_COLUMN, `Au plus ${BOARD_MAX_PER_COLUMN} cartes par colonne.`)
    .default(BOARD_DEFAULT_PER_COLUMN),
  ordre: z.enum(BOARD_ORDERS, { error: 'Ordre invalide (anciens ou recents).' }).default('anciens'),
});
export type BoardQuery = z.input<typeof boardQuery>;

export const boardCard = z.object({
  id: z.number().int(),
  client_name: z.string(),
  postcode: z.string(),
  city: z.string(),
  category_name: z.string(),
  bien_name: z.string(),
  state: z.enum(PROJECT_STATES),
  stage: z.enum(PROJECT_STAGES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BoardCard = z.infer<typeof boardCard>;

export const projectBoard = z.object({
  par_colonne: z.number().int(),
  ordre: z.enum(BOARD_ORDERS),
  /**
   * One column per stage, in the stages' order; `total` counts the open projects at that stage,
   * up to a cap: `total_capped` says there are more (shown « 1 000+ », decision 0825).
   */
  columns: z.array(z.object({ stage: z.enum(PROJECT_STAGES), total: count, total_capped: z.boolean(), cards: z.array(boardCard) })),
});
export type ProjectBoard = z.infer<typeof projectBoard>;

const errors = [400, 401, 403] as const;

export const adminDashboardEndpoints = {
  dashboard: defineEndpoint({ ...adminDashboardLines.dashboard, query: dashboardQuery, response: adminDashboard, errors }),
  board: defineEndpoint({ ...adminDashboardLines.board, query: boardQuery, response: projectBoard, errors }),
};
