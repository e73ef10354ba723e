import type { MessageView, ModerationView, ReportItem } from '@ouvrage/contracts';
import { closeReportRefusal, moderationRefusal, suspensionRefusal, type Caller, type ReportOutcome } from '@ouvrage/domain';
import type { Executor } from '@ouvrage/db';
import type { AppDeps } from '../../lib/deps';
import { notFound, refused } from '../../lib/errors';
import { findUsers } from '../users';
import { attachmentView } from './attachments';
import { conversationContext, messageNotFound, messageView } from './conversation-views';
import { publishConversationChange } from './live';
import * as moderationRepo from './moderation-repository';
import { moderationView, reportItems } from './moderation-views';
import * as repo from './repository';

/**
 * The admin moderates a reported conversation (decision 1230 « Reports and moderation »): hides a
 * message or shows it again, suspends a member's writing or lifts it, closes a report. Each change
 * in one transaction; the members' open pages are told over the stream after the commit.
 */

/** The conversation as the moderator acts on it: readable by him, and reported. */
async function moderatedContext(db: Executor, caller: Caller, conversationId: number) {
  const context = await conversationContext(db, caller, conversationId);
  const refusal = moderationRefusal({ reported: context.reported });
  if (refusal) throw refused(refusal);
  return context;
}

async function setMessageHidden(deps: AppDeps, caller: Caller, messageId: number, reason: string | null, hide: boolean): Promise<MessageView> {
  const now = deps.clock.now();
  const { row, members, files } = await deps.db.transaction(async (tx) => {
    const message = await repo.lockMessage(tx, messageId);
    if (!message) throw messageNotFound();
    const context = await moderatedContext(tx, caller, message.conversationId);
    // Hiding twice keeps the first hiding (its date and reason); showing a shown message changes nothing.
    const unchanged = hide === (message.hiddenAt !== null);
    const saved = unchanged ? message : await moderationRepo.setHidden(tx, messageId, hide ? { at: now, by: caller.id, reason } : null);
    const files = await repo.attachmentsOf(tx, [messageId]);
    return { row: saved, members: context.members, files: files.get(messageId) ?? [] };
  });
  await publishConversationChange(
    deps,
    row.conversationId,
    members.map((m) => m.userId),
  );
  return messageView(row, caller, now, files.map(attachmentView));
}

/** Hide a message: the members then see « Message masqué par la modération », without its text or files. */
export function hideMessage(deps: AppDeps, caller: Caller, messageId: number, body: { reason: string | null }): Promise<MessageView> {
  return setMessageHidden(deps, caller, messageId, body.reason, true);
}

/** Show a hidden message again. */
export function unhideMessage(deps: AppDeps, caller: Caller, messageId: number): Promise<MessageView> {
  return setMessageHidden(deps, caller, messageId, null, false);
}

async function setWritingSuspended(
  deps: AppDeps,
  caller: Caller,
  conversationId: number,
  userId: number,
  suspension: { reason: string | null } | null,
): Promise<ModerationView> {
  const now = deps.clock.now();
  const members = await deps.db.transaction(async (tx) => {
    const context = await moderatedContext(tx, caller, conversationId);
    const target = context.members.find((m) => m.userId === userId);
    const [account] = target ? await findUsers(tx, [userId]) : [];
    const refusal = suspensionRefusal({ isMember: Boolean(target), userType: account?.userType ?? null });
    if (refusal) throw refused(refusal, { user_id: refusal.message });
    // Suspending twice keeps the first suspension; lifting a writing that was not suspended changes nothing.
    if (Boolean(suspension) !== Boolean(target!.writingSuspendedAt))
      await moderationRepo.setSuspension(tx, conversationId, userId, suspension ? { at: now, by: caller.id, reason: suspension.reason } : null);
    return context.members;
  });
  await publishConversationChange(
    deps,
    conversationId,
    members.map((m) => m.userId),
  );
  return moderationView(deps.db, conversationId);
}

/** Suspend a member's writing in this conversation: they read, and get 409 `CONVERSATION_WRITING_SUSPENDED` when writing. */
export function suspendWriting(
  deps: AppDeps,
  caller: Caller,
  conversationId: number,
  body: { user_id: number; reason: string | null },
): Promise<ModerationView> {
  return setWritingSuspended(deps, caller, conversationId, body.user_id, { reason: body.reason });
}

/** Lift the suspension: the member writes again (as far as their other rules allow). */
export function liftSuspension(deps: AppDeps, caller: Caller, conversationId: number, body: { user_id: number }): Promise<ModerationView> {
  return setWritingSuspended(deps, caller, conversationId, body.user_id, null);
}

/** Close a report: handled (the admin acted) or dismissed (nothing to do). Once only. */
export async function closeReport(deps: AppDeps, caller: Caller, reportId: number, body: { outcome: ReportOutcome }): Promise<ReportItem> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const report = await moderationRepo.lockReport(tx, reportId);
    if (!report) throw notFound('Ce signalement est introuvable.');
    const refusal = closeReportRefusal(report.status);
    if (refusal) throw refused(refusal);
    await moderationRepo.closeReport(tx, reportId, { status: body.outcome, at: now, by: caller.id });
  });
  const row = await moderationRepo.reportById(deps.db, reportId);
  const [item] = await reportItems(deps.db, row ? [row] : []);
  return item;
}
