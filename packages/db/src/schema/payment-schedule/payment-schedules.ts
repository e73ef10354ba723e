import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { ScheduleContractKind, ScheduleStage } from '@ouvrage/domain';
import { invoices } from '../invoices/invoices';
import { quotes } from '../quotes/quotes';

/** Payment schedules signed with the quote (migration 0050, decision 1221): one per quote, its milestones in order. */

const at = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => bigint(name, { mode: 'number' });

export type MilestoneTriggerKind = 'signature' | 'stage' | 'label' | 'date';
export type MilestoneState = 'upcoming' | 'prepared' | 'invoiced';

export const paymentSchedules = pgTable('payment_schedules', {
  quoteId: integer('quote_id')
    .primaryKey()
    .references(() => quotes.id, { onDelete: 'cascade' }),
  contractKind: text('contract_kind').$type<ScheduleContractKind>().notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const paymentMilestones = pgTable(
  'payment_milestones',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => paymentSchedules.quoteId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    triggerKind: text('trigger_kind').$type<MilestoneTriggerKind>().notNull(),
    stage: text('stage').$type<ScheduleStage>(),
    label: text('label'),
    dueOn: date('due_on', { mode: 'string' }),
    percentBp: integer('percent_bp'),
    amountCents: money('amount_cents'),
    state: text('state').$type<MilestoneState>().notNull().default('upcoming'),
    reachedAt: at('reached_at'),
    preparedKind: text('prepared_kind').$type<'acompte' | 'solde'>(),
    preparedAmountCents: money('prepared_amount_cents'),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('payment_milestones_quote_position_key').on(t.quoteId, t.position),
    unique('payment_milestones_invoice_key').on(t.invoiceId),
    index('payment_milestones_upcoming_idx')
      .on(t.quoteId)
      .where(sql`state = 'upcoming'`),
  ],
);

export type PaymentScheduleRow = typeof paymentSchedules.$inferSelect;
export type PaymentMilestoneRow = typeof paymentMilestones.$inferSelect;
