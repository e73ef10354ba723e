import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users';

/** Notifications and e-mail choices (migration 0022, decisions 0800–0803). */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    link: text('link'),
    createdAt: at('created_at').notNull(),
    readAt: at('read_at'),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);
export type NotificationRow = typeof notifications.$inferSelect;

export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    email: boolean('email').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
