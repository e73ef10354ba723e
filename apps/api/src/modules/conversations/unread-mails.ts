import { MESSAGE_MAIL_DELAY_MS } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notify } from '../notifications';
import { findUsers } from '../users';
import * as repo from './repository';

/**
 * « Messages non lus » (decision 1230): a recurring job tells each member, by e-mail in their
 * language and as they chose (the `messages` group of their e-mail choices), of the messages left
 * unread for 15 minutes — one notification per member and round, every conversation grouped, each
 * message told once (`mailed_up_to_message_id`, moved in the same transaction; rows claimed with
 * `skip locked`, so a second instance tells nothing twice).
 */
export const UNREAD_MAIL_JOB = 'conversations.unread-mails';
export const UNREAD_MAIL_EVERY_MS = 60_000;
const BATCH = 500;

export async function sendUnreadMessageMails(deps: AppDeps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - MESSAGE_MAIL_DELAY_MS);
  return deps.db.transaction(async (tx) => {
    const rows = await repo.lockUnmailed(tx, before, BATCH);
    const byUser = new Map<number, repo.UnmailedRow[]>();
    for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
    const authors = new Map((await findUsers(tx, [...new Set(rows.map((r) => r.author_id))])).map((u) => [u.id, `${u.firstname} ${u.lastname}`.trim()]));
    for (const [userId, list] of byUser) {
      const count = list.reduce((s, r) => s + r.count, 0);
      const from = [...new Set(list.map((r) => authors.get(r.author_id) ?? ''))].filter(Boolean).join(', ');
      const link = list.length === 1 ? `/messages/${list[0].conversation_id}` : '/messages';
      await notify(tx, deps, { userId, kind: 'messages_unread', params: { count, from }, link });
      for (const r of list) await repo.markMailed(tx, r.conversation_id, r.user_id, r.last_id);
    }
    return byUser.size;
  });
}
