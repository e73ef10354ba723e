import type { NotificationList, NotificationSettings } from '@ouvrage/contracts';
import {
  isLegalNotification,
  notificationGroupOf,
  notificationKindsFor,
  wantsNotificationMail,
  type Caller,
  type Language,
  type NotificationGroup,
  type NotificationKind,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden, notFound } from '../../lib/errors';
import { publishUnread } from './live';
import { recipientsOf } from './recipients';
import * as repo from './repository';

/** The caller's notifications (only theirs), newest first, filtered by read state and group, with their unread count. */
export async function listNotifications(
  deps: AppDeps,
  caller: Caller,
  query: { page: number; per_page: number; unread_only: boolean; read?: 'read' | 'unread'; group?: NotificationGroup },
): Promise<NotificationList> {
  // `unread_only` is the bell's; `read` the centre page's (decision 1202).
  const { items, total, unread } = await repo.listNotifications(deps.db, caller.id, {
    page: query.page,
    perPage: query.per_page,
    read: query.unread_only ? 'unread' : (query.read ?? 'all'),
    group: query.group,
  });
  return {
    items: items.map((n) => ({
      id: n.id,
      kind: n.kind,
      params: n.params,
      link: n.link,
      created_at: n.createdAt.toISOString(),
      read_at: n.readAt?.toISOString() ?? null,
    })),
    total,
    page: query.page,
    per_page: query.per_page,
    unread,
  };
}

/** Mark one of the caller's notifications read: someone else's is refused (403), even to an admin. */
export async function markRead(deps: AppDeps, caller: Caller, id: number) {
  const found = await repo.findNotification(deps.db, id);
  if (!found) throw notFound('Notification introuvable.');
  if (found.userId !== caller.id) throw forbidden('Cette notification ne vous est pas destinée.');
  if (!found.readAt) await repo.markRead(deps.db, caller.id, [id], deps.clock.now());
  return afterRead(deps, caller);
}

export async function markAllRead(deps: AppDeps, caller: Caller) {
  await repo.markRead(deps.db, caller.id, 'all', deps.clock.now());
  return afterRead(deps, caller);
}

/** The new count, also pushed to the caller's other open pages. */
async function afterRead(deps: AppDeps, caller: Caller) {
  const unread = await repo.unreadCount(deps.db, caller.id);
  publishUnread(deps, caller.id, unread);
  return { unread };
}

/** The caller's language and e-mail choice for each kind their role may receive. */
export async function notificationSettings(deps: AppDeps, caller: Caller): Promise<NotificationSettings> {
  const [language, choices] = await Promise.all([recipientsOf(deps).languageOf(deps.db, caller.id), repo.emailChoices(deps.db, caller.id)]);
  return {
    language,
    choices: notificationKindsFor(caller.user_type).map((kind) => ({
      kind,
      group: notificationGroupOf(kind),
      email: wantsNotificationMail(kind, choices),
      legal: isLegalNotification(kind),
    })),
  };
}

/** Save the language and/or e-mail choices; a legal kind cannot be turned off (its choice is ignored). */
export async function saveNotificationSettings(deps: AppDeps, caller: Caller, body: { language?: Language; email?: Partial<Record<string, boolean>> }) {
  await deps.db.transaction(async (tx) => {
    if (body.language) await recipientsOf(deps).setLanguage(tx, caller.id, body.language);
    const choices = Object.entries(body.email ?? {})
      .filter(([kind, email]) => typeof email === 'boolean' && !isLegalNotification(kind as NotificationKind))
      .map(([kind, email]) => ({ kind: kind as NotificationKind, email: email as boolean }));
    await repo.saveEmailChoices(tx, caller.id, choices, deps.clock.now());
  });
  return notificationSettings(deps, caller);
}
