import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { quotes } from '../quotes/quotes';
import { users } from '../users/users';

/**
 * Price references (migration 0061, decision 1240), owned by the price-references module: the
 * architects who do not contribute, the quotes to collect, one contribution per (quote, normalised
 * line), the lines to recompute, the figures per line × zone × period, and each refresh's run.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const priceReferenceOptOuts = pgTable('price_reference_opt_outs', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  optedOutAt: at('opted_out_at').notNull().defaultNow(),
});

/** Filled by a trigger on quotes (status changes), emptied by the collector. */
export const priceReferencePending = pgTable('price_reference_pending', {
  quoteId: integer('quote_id').primaryKey(),
});

export const priceContributions = pgTable(
  'price_contributions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    quoteRootId: integer('quote_root_id').notNull(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    issuerId: integer('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    lineKey: text('line_key').notNull(),
    unit: text('unit').notNull(),
    departement: text('departement').notNull(),
    region: text('region').notNull(),
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    lotTitle: text('lot_title').notNull().default(''),
    designation: text('designation').notNull().default(''),
    outlier: boolean('outlier').notNull().default(false),
    excludedAt: at('excluded_at'),
    excludedBy: integer('excluded_by').references(() => users.id, { onDelete: 'set null' }),
    exclusionReason: text('exclusion_reason'),
  },
  (t) => [
    unique().on(t.quoteRootId, t.lineKey),
    index('price_contributions_key_idx').on(t.lineKey, t.sentOn),
    index('price_contributions_issuer_idx').on(t.issuerId),
    index('price_contributions_sent_idx').on(t.sentOn),
    index('price_contributions_outlier_idx')
      .on(t.id.desc())
      .where(sql`${t.outlier} AND ${t.excludedAt} IS NULL`),
    index('price_contributions_excluded_idx')
      .on(t.excludedAt.desc(), t.id.desc())
      .where(sql`${t.excludedAt} IS NOT NULL`),
  ],
);

/** Each line's most common wording (the admin's screens). */
export const priceReferenceLabels = pgTable(
  'price_reference_labels',
  {
    lineKey: text('line_key').primaryKey(),
    lotKey: text('lot_key').notNull(),
    lotLabel: text('lot_label').notNull(),
    label: text('label').notNull(),
  },
  (t) => [index('price_reference_labels_lot_idx').on(t.lotKey)],
);

export const priceReferenceDirtyKeys = pgTable('price_reference_dirty_keys', {
  lineKey: text('line_key').primaryKey(),
});

export const priceReferences = pgTable(
  'price_references',
  {
    lineKey: text('line_key').notNull(),
    zoneLevel: text('zone_level').notNull().$type<'departement' | 'region' | 'france'>(),
    zoneCode: text('zone_code').notNull(),
    period: text('period').notNull(),
    lotKey: text('lot_key').notNull(),
    unit: text('unit').notNull(),
    published: boolean('published').notNull(),
    medianCents: bigint('median_cents', { mode: 'number' }).notNull(),
    q1Cents: bigint('q1_cents', { mode: 'number' }).notNull(),
    q3Cents: bigint('q3_cents', { mode: 'number' }).notNull(),
    quotes: integer('quotes').notNull(),
    publishedQuoteIds: integer('published_quote_ids').array().notNull(),
    computedAt: at('computed_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lineKey, t.zoneLevel, t.zoneCode, t.period] }),
    index('price_references_trends_idx')
      .on(t.lotKey, t.zoneLevel, t.zoneCode)
      .where(sql`${t.published}`),
  ],
);

export const priceReferenceRuns = pgTable(
  'price_reference_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    startedAt: at('started_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
    windowEnd: date('window_end', { mode: 'string' }).notNull(),
    quotesCollected: integer('quotes_collected').notNull().default(0),
    keysRefreshed: integer('keys_refreshed').notNull().default(0),
    cellsPublished: integer('cells_published').notNull().default(0),
    durationMs: integer('duration_ms'),
    coverage: jsonb('coverage').$type<PriceCoverageFigures>(),
  },
  (t) => [
    index('price_reference_runs_finished_idx')
      .on(t.id.desc())
      .where(sql`${t.finishedAt} IS NOT NULL`),
  ],
);

export interface PriceCoverageFigures {
  lines: number;
  referencedLines: number;
  byLot: Array<{ lot: string; lines: number; referencedLines: number }>;
}

export type PriceContributionRow = typeof priceContributions.$inferSelect;
export type PriceReferenceRow = typeof priceReferences.$inferSelect;
