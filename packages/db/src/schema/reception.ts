import { date, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { invoices } from './invoices';
import { projects } from './projects';
import { quotes } from './quotes';
import { users } from './users';

/** Réceptions, their reservations, and invoice payment reminders sent (migration 0021, decisions 0720–0722). */

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

export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    sentAt: at('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.step] })],
);

export type ReceptionRow = typeof receptions.$inferSelect;
export type ReservationRow = typeof receptionReservations.$inferSelect;
