import type { MarkReadBody } from '@ouvrage/contracts';
import { CONVERSATION_ERRORS, refusal, type Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { refused } from '../../lib/errors';
import { conversationContext } from './conversation-views';
import { publishConversationChange } from './live';
import * as moderationRepo from './moderation-repository';
import * as repo from './repository';

/**
 * A member has read the conversation up to a message (decision 1230): the read mark moves forward,
 * never back (a late request from another tab changes nothing). The other member sees it as a
 * read receipt, the admin of a reported conversation the read log. The admin reading someone
 * else's conversation marks nothing.
 */
export async function markRead(
  deps: AppDeps,
  caller: Caller,
  id: number,
  body: MarkReadBody,
): Promise<{ last_read_message_id: number | null; unread: number }> {
  const result = await deps.db.transaction(async (tx) => {
    const context = await conversationContext(tx, caller, id);
    if (!context.me) throw refused(refusal(CONVERSATION_ERRORS.notMember, 'Vous lisez cette conversation sans en être membre : rien n’est marqué comme lu.'));
    if (!(await repo.messageInConversation(tx, id, body.message_id)))
      throw refused(refusal(CONVERSATION_ERRORS.notInConversation, 'Ce message n’appartient pas à cette conversation.'));
    const now = deps.clock.now();
    const member = (await repo.markRead(tx, id, caller.id, body.message_id, now))!;
    // « Who read what »: a row only when the mark moved forward (a repeated read writes nothing).
    if ((member.lastReadMessageId ?? 0) > (context.me.lastReadMessageId ?? 0))
      await moderationRepo.logRead(tx, { conversationId: id, userId: caller.id, messageId: member.lastReadMessageId!, at: now });
    return {
      last_read_message_id: member.lastReadMessageId,
      unread: await repo.unreadIn(tx, id, member),
      members: context.members.map((m) => m.userId),
    };
  });
  await publishConversationChange(deps, id, result.members);
  return { last_read_message_id: result.last_read_message_id, unread: result.unread };
}
