import { acrobatSignNotifications, type Executor } from '@ouvrage/db';

/** Acrobat Sign webhook notifications received (migration 0015). */

/** Record a notification; false when its id was already recorded (a delivery again). */
export async function recordNotification(db: Executor, values: typeof acrobatSignNotifications.$inferInsert): Promise<boolean> {
  const rows = await db.insert(acrobatSignNotifications).values(values).onConflictDoNothing().returning({ id: acrobatSignNotifications.notificationId });
  return rows.length > 0;
}
