import type { ReportItem } from '@ouvrage/contracts';
import { CONVERSATION_ERRORS, refusal, reportRefusal, type Caller, type ReportReason } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { refused } from '../../lib/errors';
import { notifyAdmins } from '../notifications';
import { projectLabelsByIds } from '../projects';
import { findUsers } from '../users';
import { conversationContext } from './conversation-views';
import * as moderationRepo from './moderation-repository';
import * as repo from './repository';

/**
 * A member reports a message of the other member (decision 1230 « Reports and moderation »): a
 * reason among four kinds and an optional text, once per message while the report is open (409
 * `REPORT_DUPLICATE`). From then on the admin may read the conversation and moderate it; every admin
 * is told (`message_reported`).
 */
export async function reportMessage(
  deps: AppDeps,
  caller: Caller,
  conversationId: number,
  body: { message_id: number; reason: ReportReason; details: string | null },
): Promise<Pick<ReportItem, 'id' | 'status' | 'reason' | 'created_at'>> {
  const now = deps.clock.now();
  const report = await deps.db.transaction(async (tx) => {
    const context = await conversationContext(tx, caller, conversationId);
    const message = await repo.findMessage(tx, body.message_id);
    if (!message || message.conversationId !== conversationId)
      throw refused(refusal(CONVERSATION_ERRORS.notInConversation, 'Ce message n’appartient pas à cette conversation.'), {
        message_id: 'Ce message n’appartient pas à cette conversation.',
      });
    const facts = { reporterId: caller.id, isMember: Boolean(context.me), message };
    const refusedReport = reportRefusal({ ...facts, hasOpenReport: await moderationRepo.hasOpenReport(tx, message.id, caller.id) });
    if (refusedReport) throw refused(refusedReport);
    const row = await moderationRepo.insertReport(tx, {
      conversationId,
      messageId: message.id,
      reporterId: caller.id,
      reason: body.reason,
      details: body.details,
      at: now,
    });
    // Two reports sent at once: the partial unique index kept the first.
    if (!row) throw refused(reportRefusal({ ...facts, hasOpenReport: true })!);
    // The admins are told, in the same transaction: a refused report tells nobody.
    const [[reporter], [label]] = await Promise.all([findUsers(tx, [caller.id]), projectLabelsByIds(tx, [context.row.projectId])]);
    await notifyAdmins(tx, deps, {
      kind: 'message_reported',
      params: { reporter: reporter ? `${reporter.firstname} ${reporter.lastname}`.trim() : '', project: label?.city ?? '' },
      link: `/messages/${conversationId}`,
    });
    return row;
  });
  void deps.mailer.dispatch();
  return { id: report.id, status: 'open', reason: body.reason, created_at: report.createdAt.toISOString() };
}
