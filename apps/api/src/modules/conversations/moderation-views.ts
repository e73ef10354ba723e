import type { ListPage, ModerationView, ReportItem } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import { hiddenFrom, messageExcerpt, READ_LOG_LIMIT, type Caller, type ReportReason, type ReportStatus } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { capTotal } from '../../lib/capped-count';
import { notFound } from '../../lib/errors';
import { projectLabelsByIds } from '../projects';
import { conversationContext, peopleByIds, unknownPerson } from './conversation-views';
import * as moderationRepo from './moderation-repository';
import * as repo from './repository';

/** Reports and the moderation panel as answers (decision 1230 « Reports and moderation »). */

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** Reports as the admin reads them: names, project, the message's excerpt (its text even when hidden). */
export async function reportItems(db: Executor, rows: moderationRepo.ReportListRow[]): Promise<ReportItem[]> {
  const [people, labels] = await Promise.all([
    peopleByIds(
      db,
      rows.flatMap((r) => [r.reporter_id, r.author_id]),
    ),
    projectLabelsByIds(
      db,
      rows.map((r) => r.project_id),
    ),
  ]);
  const labelById = new Map(labels.map((l) => [l.id, l]));
  return rows.map((r) => {
    const label = labelById.get(r.project_id);
    return {
      id: r.id,
      conversation_id: r.conversation_id,
      project: { id: r.project_id, name: { category_name: label?.categoryName ?? '', bien_name: label?.bienName ?? '', city: label?.city ?? '' } },
      reason: r.reason as ReportReason,
      details: r.details,
      status: r.status as ReportStatus,
      created_at: iso(r.created_at_ms)!,
      closed_at: iso(r.closed_at_ms),
      reporter: people.get(r.reporter_id) ?? unknownPerson(r.reporter_id),
      author: people.get(r.author_id) ?? unknownPerson(r.author_id),
      message: {
        id: Number(r.message_id),
        excerpt: messageExcerpt(r.body, r.deleted ? new Date() : null),
        deleted: r.deleted,
        hidden: r.hidden,
        created_at: iso(r.message_at_ms)!,
      },
    };
  });
}

/** `GET /api/conversations/signalements`: every report, open first, then the closed ones, the newest first. */
export async function listReports(deps: AppDeps, query: { page: number; per_page: number }): Promise<ListPage<ReportItem>> {
  const [rows, total] = await Promise.all([
    moderationRepo.reportsPage(deps.db, { limit: query.per_page, offset: (query.page - 1) * query.per_page }),
    moderationRepo.reportCount(deps.db),
  ]);
  return { items: await reportItems(deps.db, rows), ...capTotal(total), page: query.page, per_page: query.per_page };
}

/**
 * The admin's panel of a reported conversation: its reports, and for each member whether they may
 * write and « who read what » — up to which message and when, each move of their read mark.
 */
export async function moderationView(db: Executor, conversationId: number): Promise<ModerationView> {
  const [members, reports, log] = await Promise.all([
    repo.membersOf(db, conversationId),
    moderationRepo.reportsOfConversation(db, conversationId),
    moderationRepo.readLogOf(db, conversationId, READ_LOG_LIMIT),
  ]);
  const people = await peopleByIds(
    db,
    members.map((m) => m.userId),
  );
  return {
    conversation_id: conversationId,
    reports: await reportItems(db, reports),
    members: members.map((m) => ({
      ...(people.get(m.userId) ?? unknownPerson(m.userId)),
      last_read_message_id: m.lastReadMessageId,
      last_read_at: m.lastReadAt?.toISOString() ?? null,
      writing_suspended_at: m.writingSuspendedAt?.toISOString() ?? null,
      writing_suspended_reason: m.writingSuspendedReason,
      reads: log.filter((l) => l.userId === m.userId).map((l) => ({ message_id: l.messageId, read_at: l.readAt.toISOString() })),
    })),
  };
}

/** `GET /api/conversations/{id}/moderation`: the admin, in a reported conversation (or one he is a member of, with its reports). */
export async function getModeration(deps: AppDeps, caller: Caller, id: number): Promise<ModerationView> {
  await conversationContext(deps.db, caller, id);
  return moderationView(deps.db, id);
}

/**
 * Before a file is served: a member gets nothing of a message the moderation hid (404, like a
 * deleted one), the admin only a file of his own or a reported conversation.
 */
export async function assertAttachmentReadable(deps: AppDeps, caller: Caller, attachmentId: number): Promise<void> {
  const message = await moderationRepo.messageOfAttachment(deps.db, attachmentId);
  if (!message) throw notFound('Ce fichier est introuvable.');
  if (hiddenFrom(message, caller.user_type)) throw notFound('Ce fichier est introuvable.');
  if (caller.user_type === 'admin') await conversationContext(deps.db, caller, message.conversationId);
}
