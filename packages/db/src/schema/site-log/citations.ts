import { index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { InvoiceKind } from '@ouvrage/domain';
import { invoices } from '../invoices/invoices';
import { receptionReservations } from '../reception/reception';
import { users } from '../users/users';
import { siteLogEntries } from './site-log';

/**
 * Journal entries cited by other documents (migration 0059, decision 1232): an invoice's
 * justification (frozen with the issued invoice, by a trigger too), a reservation's photo. Owned by
 * the site-log module; the invoices and reception modules write it through its index.
 */
export const siteLogCitations = pgTable(
  'site_log_citations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => siteLogEntries.id, { onDelete: 'restrict' }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    reservationId: integer('reservation_id').references(() => receptionReservations.id, { onDelete: 'cascade' }),
    /** The citing invoice's number and kind, as issued. */
    invoiceNumber: text('invoice_number'),
    invoiceKind: text('invoice_kind').$type<InvoiceKind>(),
    /** The citing reservation's rank on its PV (0-based), and its quote (the réception's page). */
    reservationPosition: integer('reservation_position'),
    quoteId: integer('quote_id'),
    /** The citing document's parties, who see the citation on the entry (with the admin). */
    issuerId: integer('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.invoiceId, t.entryId),
    unique().on(t.reservationId),
    index('site_log_citations_entry_idx').on(t.entryId),
    index('site_log_citations_issuer_idx').on(t.issuerId),
    index('site_log_citations_client_idx').on(t.clientId),
  ],
);

export type SiteLogCitationRow = typeof siteLogCitations.$inferSelect;
