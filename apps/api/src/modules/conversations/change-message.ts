import type { MessageBody, MessageView } from '@ouvrage/contracts';
import { deleteRefusal, editRefusal, type Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { refused } from '../../lib/errors';
import { attachmentView, removeStored } from './attachments';
import { conversationContext, messageNotFound, messageView } from './conversation-views';
import { publishConversationChange } from './live';
import { referenceViews } from './references';
import * as repo from './repository';

/**
 * Edit a message: its author, within 5 minutes of sending it, while they may still write in the
 * conversation (decision 1230). The message is locked, so an edit and a deletion at once apply in turn.
 */
export async function editMessage(deps: AppDeps, caller: Caller, messageId: number, body: MessageBody): Promise<MessageView> {
  const now = deps.clock.now();
  const { row, members, files } = await deps.db.transaction(async (tx) => {
    const message = await repo.lockMessage(tx, messageId);
    if (!message) throw messageNotFound();
    const refusal = editRefusal(message, caller.id, now);
    if (refusal) throw refused(refusal);
    const context = await conversationContext(tx, caller, message.conversationId);
    if (context.writeRefused) throw refused(context.writeRefused);
    const files = await repo.attachmentsOf(tx, [messageId]);
    return { row: await repo.updateMessageBody(tx, messageId, body.body.trim(), now), members: context.members, files: files.get(messageId) ?? [] };
  });
  await publishConversationChange(
    deps,
    row.conversationId,
    members.map((m) => m.userId),
  );
  const references = await referenceViews(deps, deps.db, caller, row.conversationId, [row.id]);
  return messageView(row, caller, now, files.map(attachmentView), references.get(row.id) ?? null);
}

/**
 * Delete a message: its author, at any time, even once they only read the conversation (decision
 * 1230). The row stays, its text emptied, shown as deleted; deleting it again changes nothing. Its
 * files go with it: no longer served nor listed, the stored files removed after the commit (their
 * rows stay, like the message's).
 */
export async function deleteMessage(deps: AppDeps, caller: Caller, messageId: number): Promise<MessageView> {
  const now = deps.clock.now();
  const { row, members, removedKeys } = await deps.db.transaction(async (tx) => {
    const message = await repo.lockMessage(tx, messageId);
    if (!message) throw messageNotFound();
    const refusal = deleteRefusal(message, caller.id);
    if (refusal) throw refused(refusal);
    const saved = message.deletedAt ? message : await repo.markMessageDeleted(tx, messageId, now);
    const removedKeys = message.deletedAt ? [] : await repo.attachmentKeysOf(tx, messageId);
    return { row: saved, members: await repo.membersOf(tx, message.conversationId), removedKeys };
  });
  await removeStored(deps, removedKeys);
  await publishConversationChange(
    deps,
    row.conversationId,
    members.map((m) => m.userId),
  );
  return messageView(row, caller, now);
}
