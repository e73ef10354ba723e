import { asc, eq } from 'drizzle-orm';
import { notificationPreferences, notifications } from '@ouvrage/db';
import { isNotificationKind } from '@ouvrage/domain';
import type { ExportPart } from '../data-export';
import { notificationText } from './messages';

/** A person's notifications (in their language) and e-mail choices, in their data export (decision 1233). */
export const notificationsExport: ExportPart = {
  name: 'notifications',
  collect: async ({ db, user, language }) => {
    const [rows, choices] = await Promise.all([
      db.select().from(notifications).where(eq(notifications.userId, user.id)).orderBy(asc(notifications.id)),
      db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id)),
    ]);
    return {
      notifications: rows.map((n) => ({
        kind: n.kind,
        // The kind's title and text in the person's language; a kind retired since is shown by its params only.
        ...(isNotificationKind(n.kind) ? notificationText(n.kind, language, n.params) : { title: null, body: null }),
        params: n.params,
        link: n.link,
        created_at: n.createdAt.toISOString(),
        read_at: n.readAt?.toISOString() ?? null,
      })),
      email_choices: choices.map((c) => ({ kind: c.kind, email: c.email })),
    };
  },
};
