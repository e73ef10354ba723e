import { calendarDate, calendarDateAt, parisMidnight, PARIS_TIME_ZONE } from './calendar';
import { PROJECT_STATES, type ProjectState } from './project';

/**
 * The admin dashboard (issue 12, decisions 0820–0823): the periods its flow figures cover, the
 * months of a period in Paris time, and the board's limits. Pure; the API and the web share them.
 */

/** Selectable periods: the last N calendar months in Paris, the current month included. */
export const DASHBOARD_PERIODS = ['3m', '6m', '12m', '24m'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = '12m';

const MONTHS_OF: Record<DashboardPeriod, number> = { '3m': 3, '6m': 6, '12m': 12, '24m': 24 };

export interface PeriodRange {
  /** Midnight in Paris on the 1st of the first month (included). */
  from: Date;
  /** Midnight in Paris on the 1st of the month after the current one (excluded). */
  to: Date;
  /** `YYYY-MM`, oldest first: every month of the period, so a chart shows the empty ones too. */
  months: string[];
  /** Midnight in Paris on the 1st of each month, and of the month after the last: months.length + 1 instants. */
  bounds: Date[];
}

function monthKey(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** The months of the period ending with the month `now` falls in, in Paris (31/12 at 23:30 UTC is already January). */
export function periodRange(period: DashboardPeriod, now: Date): PeriodRange {
  const today = calendarDateAt(now, PARIS_TIME_ZONE);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const count = MONTHS_OF[period];
  const months: string[] = [];
  for (let i = count - 1; i >= 0; i -= 1) {
    const index = year * 12 + (month - 1) - i;
    months.push(monthKey(Math.floor(index / 12), (index % 12) + 1));
  }
  const nextIndex = year * 12 + month;
  const next = monthKey(Math.floor(nextIndex / 12), (nextIndex % 12) + 1);
  const bounds = [...months, next].map((m) => parisMidnight(calendarDate(`${m}-01`)));
  return { from: bounds[0], to: bounds[bounds.length - 1], months, bounds };
}

/** Conversion rate in basis points (4 250 = 42,5 %); 0 when nothing was sent. */
export function conversionRateBp(converted: number, sent: number): number {
  if (sent <= 0) return 0;
  return Math.round((converted * 10_000) / sent);
}

/** Quote statuses that count as converted: the client said yes (with or without signature, validated since). */
export const CONVERTED_QUOTE_STATUSES = ['Accepté', 'Signé', 'Validé'] as const;

/** The board: open projects only (a closed one never changes stage), a capped number of cards per column. */
export const BOARD_DEFAULT_PER_COLUMN = 20;
export const BOARD_MAX_PER_COLUMN = 50;
export const BOARD_ORDERS = ['anciens', 'recents'] as const;
export type BoardOrder = (typeof BOARD_ORDERS)[number];

/** States shown on the board: every state but the closed ones. */
export const BOARD_STATES = PROJECT_STATES.filter((s) => s !== 'Terminé' && s !== 'Annulé') as ProjectState[];
