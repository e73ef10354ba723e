import type { AppDeps } from '../../lib/deps';
import { publishLive } from '../notifications';
import * as repo from './repository';

/**
 * After a message is sent, edited, deleted or read, tell both members' open pages (decision 1230):
 * `{ type: 'conversation', conversation_id, unread }`, `unread` being each one's badge. Fire and
 * forget after the commit: a lost event waits for the next read.
 */
export async function publishConversationChange(deps: AppDeps, conversationId: number, memberIds: readonly number[]): Promise<void> {
  try {
    for (const userId of memberIds) {
      const unread = await repo.unreadTotal(deps.db, userId);
      publishLive(deps, [userId], { type: 'conversation', conversation_id: conversationId, unread });
    }
  } catch {
    // the event is a hint: the pages read the conversation again at their next refresh
  }
}
