import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DgdStatus } from '@ouvrage/domain';
import { projects } from '../projects/projects';
import { quotes } from '../quotes/quotes';
import { users } from '../users/users';

/** The final accounts, décomptes généraux définitifs (migration 0052, decision 1222). */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const dgds = pgTable(
  'dgds',
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
    /** Per quote, from 1, taken when established; the number `D-2026-0005-DGD` with it. */
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    status: text('status').$type<DgdStatus>().notNull().default('Émis'),
    /** Every figure as established (contracts' `DgdDocument`). */
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull(),
    issuedBy: integer('issued_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    issuedAt: at('issued_at').notNull(),
    acceptedAt: at('accepted_at'),
    disputedAt: at('disputed_at'),
    disputeReason: text('dispute_reason'),
  },
  (t) => [
    unique().on(t.quoteId, t.sequence),
    uniqueIndex('dgds_open_idx')
      .on(t.quoteId)
      .where(sql`status IN ('Émis', 'Accepté')`),
    index('dgds_project_idx').on(t.projectId),
    index('dgds_client_idx').on(t.clientId),
  ],
);

export type DgdRow = typeof dgds.$inferSelect;
