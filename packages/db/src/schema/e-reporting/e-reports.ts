import { date, index, integer, jsonb, pgTable, text, timestamp, unique, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { EReportingPeriodKind, EReportKind, EReportState } from '@ouvrage/domain';
import { users } from '../users/users';

/** One change of a report's state, for the screen's history. */
export interface EReportHistoryEntry {
  at: string;
  state: EReportState;
  /** The attempt's error, the PA's reason, or who sent it again. */
  note?: string;
}

/** E-reports of consumer sales (migration 0047, decision 1213): one per issuer, kind and period. */
export const eReports = pgTable(
  'e_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    issuerId: integer('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<EReportKind>().notNull(),
    periodKind: text('period_kind').$type<EReportingPeriodKind>().notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    state: text('state').$type<EReportState>().notNull().default('draft'),
    trackingId: text('tracking_id').notNull(),
    flowId: text('flow_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    xml: text('xml').notNull(),
    history: jsonb('history').$type<EReportHistoryEntry[]>().notNull().default([]),
    correctsId: integer('corrects_id').references((): AnyPgColumn => eReports.id, { onDelete: 'restrict' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('e_reports_issuer_kind_period_key').on(t.issuerId, t.kind, t.periodStart),
    unique('e_reports_tracking_id_key').on(t.trackingId),
    index('e_reports_state_idx').on(t.state),
  ],
);

export type EReportRow = typeof eReports.$inferSelect;
