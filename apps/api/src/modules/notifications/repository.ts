import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { notificationPreferences, notifications, type Executor } from '@ouvrage/db';
import { NOTIFICATION_KINDS, notificationGroupOf, type NotificationGroup, type NotificationKind, type NotificationParams } from '@ouvrage/domain';
import { prepared } from '../../lib/prepared';

export async function insertNotification(
  executor: Executor,
  values: { userId: number; kind: NotificationKind; params: NotificationParams; link: string | null; createdAt: Date },
): Promise<number> {
  const [row] = await executor.insert(notifications).values(values).returning({ id: notifications.id });
  return row.id;
}

export async function emailChoices(executor: Executor, userId: number): Promise<Partial<Record<NotificationKind, boolean>>> {
  const rows = await executor
    .select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.kind, r.email]));
}

export async function saveEmailChoices(executor: Executor, userId: number, choices: Array<{ kind: NotificationKind; email: boolean }>, now: Date) {
  if (choices.length === 0) return;
  await executor
    .insert(notificationPreferences)
    .values(choices.map((c) => ({ userId, kind: c.kind, email: c.email, updatedAt: now })))
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { email: sql`excluded.email`, updatedAt: now } });
}

export async function unreadCount(executor: Executor, userId: number): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/**
 * A page of a user's notifications (all, unread or read; of one group or all), the page's total and
 * the user's unread count (the bell's, whatever the filters): two prepared statements per filter
 * (decision 0966; the group's kinds are constants of its statement).
 */
export async function listNotifications(
  db: Executor,
  userId: number,
  options: { page: number; perPage: number; read: 'all' | 'read' | 'unread'; group?: NotificationGroup },
) {
  const unread = isNull(notifications.readAt);
  const mine = eq(notifications.userId, sql.placeholder('userId'));
  const readFilter = options.read === 'unread' ? unread : options.read === 'read' ? isNotNull(notifications.readAt) : undefined;
  const groupFilter = options.group
    ? inArray(
        notifications.kind,
        NOTIFICATION_KINDS.filter((kind) => notificationGroupOf(kind) === options.group),
      )
    : undefined;
  const filter = and(readFilter, groupFilter);
  const suffix = `${options.read}_${options.group ?? 'any'}`;
  const rows = prepared(db, `notifications_page_${suffix}`, (e) =>
    e
      .select()
      .from(notifications)
      .where(filter ? and(mine, filter) : mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  const counts = prepared(db, `notifications_counts_${suffix}`, (e) =>
    e
      .select({ total: filter ? sql<number>`count(*) filter (where ${filter})` : count(), unread: sql<number>`count(*) filter (where ${unread})` })
      .from(notifications)
      .where(mine),
  );
  const [items, [counted]] = await Promise.all([
    rows.execute({ userId, limit: options.perPage, offset: (options.page - 1) * options.perPage }),
    counts.execute({ userId }),
  ]);
  return { items, total: Number(counted?.total ?? 0), unread: Number(counted?.unread ?? 0) };
}

export async function findNotification(executor: Executor, id: number) {
  const [row] = await executor
    .select({ id: notifications.id, userId: notifications.userId, readAt: notifications.readAt })
    .from(notifications)
    .where(eq(notifications.id, id));
  return row;
}

/** Mark read a user's unread notifications of these kinds about one record (its link): they no longer hold. */
export async function markReadAbout(executor: Executor, userId: number, kinds: NotificationKind[], link: string, now: Date) {
  await executor
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), inArray(notifications.kind, kinds), eq(notifications.link, link)));
}

export async function markRead(executor: Executor, userId: number, ids: number[] | 'all', now: Date) {
  const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  await executor
    .update(notifications)
    .set({ readAt: now })
    .where(ids === 'all' ? mine : and(mine, inArray(notifications.id, ids)));
}
