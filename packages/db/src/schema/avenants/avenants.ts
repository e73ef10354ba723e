import { index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { AvenantLotInput, AvenantStatus } from '@ouvrage/domain';
import { projects } from '../projects/projects';
import { quotes } from '../quotes/quotes';
import { users } from '../users/users';

/** Avenants on a validated quote (migration 0049, decision 1220). */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const avenants = pgTable(
  'avenants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    issuerId: integer('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').$type<AvenantStatus>().notNull().default('Brouillon'),
    /** Per quote, from 1, taken when sent; the number `D-2026-0005-A1` with it. */
    sequence: integer('sequence'),
    number: text('number'),
    title: text('title').notNull(),
    reason: text('reason').notNull().default(''),
    delayDays: integer('delay_days'),
    lots: jsonb('lots').$type<AvenantLotInput[]>().notNull().default([]),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    sentAt: at('sent_at'),
    signedAt: at('signed_at'),
    refusedAt: at('refused_at'),
    refusalReason: text('refusal_reason'),
    withdrawnAt: at('withdrawn_at'),
  },
  (t) => [unique().on(t.quoteId, t.sequence), index('avenants_quote_idx').on(t.quoteId, t.id), index('avenants_client_idx').on(t.clientId)],
);

export type AvenantRow = typeof avenants.$inferSelect;
