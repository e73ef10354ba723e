import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Acrobat Sign webhook notifications received, one per notification id (migration 0015, decision 0662). */
export const acrobatSignNotifications = pgTable(
  'acrobat_sign_notifications',
  {
    notificationId: text('notification_id').primaryKey(),
    agreementId: text('agreement_id').notNull(),
    event: text('event').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('acrobat_sign_notifications_agreement_idx').on(t.agreementId)],
);

export type AcrobatSignNotificationRow = typeof acrobatSignNotifications.$inferSelect;
