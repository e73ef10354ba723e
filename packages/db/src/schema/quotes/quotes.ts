import { bigint, boolean, date, index, integer, jsonb, pgTable, text, timestamp, unique, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { QuoteStatus } from '@ouvrage/domain';
import { users } from '../users/users';
import { projects } from '../projects/projects';
import { products } from '../products/products';

/** Quotes (migration 0011, decision 0510). Amounts in cents, quantities in thousandths, rates in basis points. */

/** A postal address as a quote stores it. */
export interface StoredAddress {
  street: string;
  postcode: string;
  city: string;
}

const money = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/** `userId` null: the platform's defaults (admin/devis-option). */
export const quoteSettings = pgTable('quote_settings', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .unique()
    .references(() => users.id, { onDelete: 'restrict' }),
  accentColor: text('accent_color'),
  numberPrefix: text('number_prefix'),
  validityDays: integer('validity_days'),
  depositBp: integer('deposit_bp'),
  paymentTerms: text('payment_terms'),
  latePenaltyBp: integer('late_penalty_bp'),
  retentionBp: integer('retention_bp'),
  freeText: text('free_text'),
  generalConditions: text('general_conditions'),
  logoPath: text('logo_path'),
  logoMime: text('logo_mime'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const quotes = pgTable(
  'quotes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    rootId: integer('root_id').references((): AnyPgColumn => quotes.id, { onDelete: 'restrict' }),
    version: integer('version').notNull().default(1),
    number: text('number'),
    issuerId: integer('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    status: text('status').$type<QuoteStatus>().notNull().default('Brouillon'),
    title: text('title').notNull(),
    kind: text('kind').$type<'travaux' | 'depannage'>().notNull().default('travaux'),
    clientAddress: jsonb('client_address').$type<StoredAddress | null>(),
    siteAddress: jsonb('site_address').$type<StoredAddress | null>(),
    validityDays: integer('validity_days').notNull(),
    validUntil: date('valid_until', { mode: 'string' }),
    depositBp: integer('deposit_bp').notNull(),
    paymentTerms: text('payment_terms').notNull().default(''),
    latePenaltyBp: integer('late_penalty_bp').notNull().default(0),
    retentionBp: integer('retention_bp').notNull().default(0),
    freeText: text('free_text').notNull().default(''),
    generalConditions: text('general_conditions').notNull().default(''),
    isFree: boolean('is_free').notNull().default(true),
    quotePriceCents: money('quote_price_cents'),
    travelCostCents: money('travel_cost_cents'),
    /** When the works start and/or how long they last (migration 0039, C. conso. L111-1 3°). */
    worksStartDate: date('works_start_date', { mode: 'string' }),
    worksDurationDays: integer('works_duration_days'),
    /** A dépannage the consumer asked to be done urgently at home (C. conso. L221-28 8°). */
    urgentRepair: boolean('urgent_repair').notNull().default(false),
    accentColor: text('accent_color').notNull().default('#1f4e79'),
    logoPath: text('logo_path'),
    logoMime: text('logo_mime'),
    totalHtCents: money('total_ht_cents').notNull().default(0),
    totalTvaCents: money('total_tva_cents').notNull().default(0),
    totalTtcCents: money('total_ttc_cents').notNull().default(0),
    acceptedTotalHtCents: money('accepted_total_ht_cents'),
    acceptedTotalTvaCents: money('accepted_total_tva_cents'),
    acceptedTotalTtcCents: money('accepted_total_ttc_cents'),
    /** The issuer as printed, frozen at sending (the contract's `QuoteIssuer` shape). */
    issuerSnapshot: jsonb('issuer_snapshot').$type<Record<string, unknown> | null>(),
    /** The client's name, e-mail and phone as printed, frozen at sending. */
    clientSnapshot: jsonb('client_snapshot').$type<Record<string, unknown> | null>(),
    revision: integer('revision').notNull().default(0),
    sentAt: at('sent_at'),
    acceptedAt: at('accepted_at'),
    refusedAt: at('refused_at'),
    refusalReason: text('refusal_reason'),
    cancelledAt: at('cancelled_at'),
    cancelReason: text('cancel_reason'),
    expiredAt: at('expired_at'),
    signedAt: at('signed_at'),
    validatedAt: at('validated_at'),
    replacedAt: at('replaced_at'),
    /** The consumer withdrew (C. conso. L221-18, migration 0040): status `Rétracté`, the signature kept. */
    withdrawnAt: at('withdrawn_at'),
    /** Lower-case words the lists search (number, object, client, project), kept by the API. */
    searchText: text('search_text').notNull().default(''),
    /** A newer version of this quote exists / a newer sent one (not a draft) does: kept by a trigger (migration 0033). */
    superseded: boolean('superseded').notNull().default(false),
    supersededSent: boolean('superseded_sent').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('quotes_root_id_version_key').on(t.rootId, t.version),
    // INCLUDE (root_id, version, status, search_vector, the superseded flags): migrations 0032,
    // 0033; by status: 0031, 0033; the latest versions by date: 0033 (partial).
    index('quotes_issuer_words_idx').on(t.issuerId, t.createdAt, t.id),
    index('quotes_project_idx').on(t.projectId, t.status),
    index('quotes_root_idx').on(t.rootId, t.version),
  ],
);

export const quoteLots = pgTable(
  'quote_lots',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
  },
  (t) => [unique('quote_lots_quote_id_position_key').on(t.quoteId, t.position)],
);

export const quoteLines = pgTable(
  'quote_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => quoteLots.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'restrict' }),
    designation: text('designation').notNull(),
    description: text('description').notNull().default(''),
    quantityMilli: bigint('quantity_milli', { mode: 'number' }).notNull(),
    unit: text('unit').notNull(),
    unitPriceCents: money('unit_price_cents').notNull(),
    tvaRateBp: integer('tva_rate_bp').notNull(),
    discountBp: integer('discount_bp').notNull().default(0),
    optional: boolean('optional').notNull().default(false),
    chosen: boolean('chosen').notNull().default(false),
    netHtCents: money('net_ht_cents').notNull(),
  },
  (t) => [unique('quote_lines_lot_id_position_key').on(t.lotId, t.position)],
);

export const quoteEvents = pgTable('quote_events', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  quoteId: integer('quote_id')
    .notNull()
    .references(() => quotes.id, { onDelete: 'cascade' }),
  actorId: integer('actor_id').references(() => users.id, { onDelete: 'restrict' }),
  action: text('action').notNull(),
  detail: text('detail'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteLineRow = typeof quoteLines.$inferSelect;
export type QuoteLotRow = typeof quoteLots.$inferSelect;
export type QuoteSettingsRow = typeof quoteSettings.$inferSelect;
