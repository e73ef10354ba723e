import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from '../projects/projects';
import { users } from '../users/users';
import type { TenderStatus, TenderValidation } from '@ouvrage/domain';

/** Tenders (offres): one per (project, professional) — migrations 0001, 0003 and 0005. */
export const offers = pgTable('offers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
  professionalId: integer('professional_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  status: text('status').$type<TenderStatus>().notNull().default('Disponible'),
  validation: text('validation').$type<TenderValidation>().notNull().default('0'),
  replyDeadline: timestamp('reply_deadline', { withTimezone: true })
    .notNull()
    .default(sql`(now() + interval '7 days')`),
  adminMessage: text('admin_message'),
  refusalReason: text('refusal_reason'),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  matchScore: integer('match_score'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type OfferRow = typeof offers.$inferSelect;

/** Single-row settings of the tender rules (migration 0005). */
export const tenderSettings = pgTable('tender_settings', {
  id: boolean('id').primaryKey().default(true),
  maxAcceptances: integer('max_acceptances').notNull().default(3),
  defaultReplyDays: integer('default_reply_days').notNull().default(7),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
