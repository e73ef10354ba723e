import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, pgTable, text, timestamp, unique, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { projects } from '../projects/projects';
import { users } from '../users/users';

/**
 * The site log, journal de chantier (migration 0055, decision 1231): entries numbered per project,
 * their photos and comments. Rows are inserted, never updated: a correction is a new entry.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const siteLogEntries = pgTable(
  'site_log_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    /** Per project, from 1, without gaps (taken under the journal's lock). */
    number: integer('number').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The day of the works, a Paris calendar day. */
    workDate: date('work_date', { mode: 'string' }).notNull(),
    body: text('body').notNull(),
    lotLabel: text('lot_label'),
    weatherStop: boolean('weather_stop').notNull().default(false),
    weatherNote: text('weather_note'),
    correctsEntryId: integer('corrects_entry_id').references((): AnyPgColumn => siteLogEntries.id, { onDelete: 'restrict' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.projectId, t.number),
    // An entry is corrected once.
    uniqueIndex('site_log_entries_corrects_idx')
      .on(t.correctsEntryId)
      .where(sql`corrects_entry_id IS NOT NULL`),
    index('site_log_entries_author_idx').on(t.authorId),
  ],
);

export const siteLogPhotos = pgTable(
  'site_log_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => siteLogEntries.id, { onDelete: 'cascade' }),
    /** The copy re-encoded without metadata, in `deps.storage`. */
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The EXIF capture date, read before the metadata was dropped. */
    takenAt: at('taken_at'),
    /** The EXIF GPS position (decimal degrees, migration 0058): for the professionals and the admin, never the client. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** 1..10 in the entry. */
    position: integer('position').notNull(),
  },
  (t) => [unique().on(t.entryId, t.position)],
);

export const siteLogComments = pgTable(
  'site_log_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => siteLogEntries.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('site_log_comments_entry_idx').on(t.entryId, t.id), index('site_log_comments_author_idx').on(t.authorId)],
);

export type SiteLogEntryRow = typeof siteLogEntries.$inferSelect;
export type SiteLogPhotoRow = typeof siteLogPhotos.$inferSelect;
export type SiteLogCommentRow = typeof siteLogComments.$inferSelect;
