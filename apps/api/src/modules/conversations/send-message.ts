import { messageFields, type MessageReferenceInput, type MessageView } from '@ouvrage/contracts';
import { MESSAGE_RATE_WINDOW_MS, messageContentRefusal, rateRefusal, type Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { invalid, refused } from '../../lib/errors';
import type { UploadedFile } from '../../lib/uploads';
import { findNul, NUL_MESSAGE } from '../../lib/validation';
import { attachmentView, prepareAttachments, removeStored, storeAttachments } from './attachments';
import { conversationContext, messageView } from './conversation-views';
import { publishConversationChange } from './live';
import { assertReferenceReadable, referenceViews } from './references';
import * as refs from './reference-repository';
import * as repo from './repository';

/** The message's fields — a JSON body or a multipart form's text fields — checked like a body. */
function readMessageFields(raw: unknown): { body: string; reference?: MessageReferenceInput } {
  const nul = findNul(raw);
  if (nul) throw invalid({ [nul.join('.') || 'body']: NUL_MESSAGE });
  const parsed = messageFields.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const messages: Record<string, string> = {};
  for (const issue of parsed.error.issues) messages[issue.path.map(String).join('.') || 'body'] ??= issue.message;
  throw invalid(messages);
}

/** Before any byte of a form is read: the caller may write in this conversation. Checked again in the transaction. */
export async function assertCanSend(deps: AppDeps, caller: Caller, id: number): Promise<void> {
  const context = await conversationContext(deps.db, caller, id);
  if (context.writeRefused) throw refused(context.writeRefused);
}

/**
 * Send a message (decision 1230): text, files, or both — a member with write access, at most 20 a
 * minute (counted from the table, on the clock). The files are checked and prepared (images
 * re-encoded without metadata) before anything is stored, stored before the transaction, and
 * removed if the message is then refused. The author's read mark moves to their own message.
 * Contact details typed in a message are allowed: the text is sent as written.
 */
export async function sendMessage(deps: AppDeps, caller: Caller, id: number, form: { fields: unknown; files: UploadedFile[] }): Promise<MessageView> {
  const { body, reference } = readMessageFields(form.fields);
  const content = messageContentRefusal(body, form.files.length, Boolean(reference));
  if (content) throw refused(content, { [form.files.length ? 'files' : 'body']: content.message });
  const stored = await storeAttachments(deps, await prepareAttachments(form.files));
  const now = deps.clock.now();
  let sent: { row: repo.MessageRow; attachments: repo.MessageAttachmentRow[]; members: repo.ConversationMemberRow[] };
  try {
    sent = await deps.db.transaction(async (tx) => {
      const context = await conversationContext(tx, caller, id);
      if (context.writeRefused) throw refused(context.writeRefused);
      const tooMany = rateRefusal(await repo.sentBetween(tx, caller.id, new Date(now.getTime() - MESSAGE_RATE_WINDOW_MS), now));
      if (tooMany) throw refused(tooMany);
      // A document of the project the sender may read (decision 1230 « References »).
      if (reference) await assertReferenceReadable(deps, tx, caller, context.row.projectId, reference);
      const message = await repo.insertMessage(tx, { conversationId: id, authorId: caller.id, body, at: now });
      const attachments = await repo.insertAttachments(tx, message.id, stored);
      if (reference) await refs.insertReference(tx, { messageId: message.id, kind: reference.kind, documentId: reference.id });
      await repo.markRead(tx, id, caller.id, message.id, now);
      return { row: message, attachments, members: context.members };
    });
  } catch (error) {
    await removeStored(
      deps,
      stored.map((s) => s.storageKey),
    );
    throw error;
  }
  await publishConversationChange(
    deps,
    id,
    sent.members.map((m) => m.userId),
  );
  const shown = reference ? await referenceViews(deps, deps.db, caller, id, [sent.row.id]) : new Map();
  return messageView(sent.row, caller, now, sent.attachments.map(attachmentView), shown.get(sent.row.id) ?? null);
}
