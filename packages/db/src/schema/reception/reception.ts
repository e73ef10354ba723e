import { date, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { projects } from '../projects/projects';
import { quotes } from '../quotes/quotes';
import { users } from '../users/users';

/** Réceptions and their reservations (migration 0021, decisions 0720–0721). */

const at = (name: string) => timestamp(name, { withTimezone: true });
const day = (name: string) => date(name, { mode: 'string' });

export const receptions = pgTable(
  'receptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    quoteId: integer('quote_id')
      .notNull()
      .unique()
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
    receptionDate: day('reception_date').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: at('created_at').notNull(),
    signedAt: at('signed_at'),
    retentionReleasedOn: day('retention_released_on'),
    retentionReleasedAt: at('retention_released_at'),
    retentionReleasedBy: integer('retention_released_by').references(() => users.id, { onDelete: 'restrict' }),
    retentionRemindedAt: at('retention_reminded_at'),
  },
  (t) => [index('receptions_project_idx').on(t.projectId), index('receptions_issuer_idx').on(t.issuerId), index('receptions_client_idx').on(t.clientId)],
);

export const receptionReservations = pgTable(
  'reception_reservations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    receptionId: integer('reception_id')
      .notNull()
      .references(() => receptions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    lotIndex: integer('lot_index').notNull(),
    lotTitle: text('lot_title').notNull(),
    description: text('description').notNull(),
    photoKey: text('photo_key'),
    photoMime: text('photo_mime'),
    photoName: text('photo_name'),
    liftedOn: day('lifted_on'),
    liftedAt: at('lifted_at'),
    liftedBy: integer('lifted_by').references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [unique().on(t.receptionId, t.position)],
);

export type ReceptionRow = typeof receptions.$inferSelect;
export type ReservationRow = typeof receptionReservations.$inferSelect;
