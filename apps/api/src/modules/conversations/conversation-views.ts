import type { ConversationItem, ConversationView, ListPage, MessageAttachment, MessagePage, MessageReference, MessageView } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import {
  editRefusal,
  hiddenFrom,
  isProfessional,
  messageExcerpt,
  readRefusal,
  shownBody,
  writeRefusal,
  type Caller,
  type Refusal,
  type UserType,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { capTotal } from '../../lib/capped-count';
import { notFound, refused } from '../../lib/errors';
import { projectLabelsByIds, type ProjectLabel } from '../projects';
import { acceptedProjectsOf, tenderStatusOn } from '../tenders';
import { findUsers } from '../users';
import { attachmentView } from './attachments';
import * as moderationRepo from './moderation-repository';
import { referenceViews } from './references';
import * as repo from './repository';

/** Conversations as answers: the list, the header, pages of messages (decision 1230). */

export const conversationNotFound = () => notFound('Cette conversation est introuvable.');
export const messageNotFound = () => notFound('Ce message est introuvable.');

type Person = { id: number; name: string; user_type: UserType };

export async function peopleByIds(db: Executor, ids: number[]): Promise<Map<number, Person>> {
  const rows = await findUsers(db, [...new Set(ids)]);
  return new Map(rows.map((u) => [u.id, { id: u.id, name: `${u.firstname} ${u.lastname}`.trim(), user_type: u.userType }]));
}

export const unknownPerson = (id: number): Person => ({ id, name: '', user_type: 'client' });

function projectOf(label: ProjectLabel | undefined, id: number): ConversationView['project'] {
  const name = { category_name: label?.categoryName ?? '', bien_name: label?.bienName ?? '', city: label?.city ?? '' };
  return { id, title: label ? `${label.categoryName} · ${label.bienName} — ${label.city}` : '', name };
}

/** A conversation as its reader sees it: its row, members, project, and whether the reader may write. */
export interface ConversationContext {
  row: repo.ConversationRow;
  members: repo.ConversationMemberRow[];
  /** The caller's membership; undefined for the admin reading someone else's conversation. */
  me: repo.ConversationMemberRow | undefined;
  /** Why the caller may not write here, or null. */
  writeRefused: Refusal | null;
  /** At least one report (looked up for the admin only; false for the members). */
  reported: boolean;
}

/**
 * Load a conversation for `caller` (whose access to the route was checked), with their write access
 * now. The admin who is not a member reads it only once it was reported (409 `CONVERSATION_NOT_REPORTED`).
 */
export async function conversationContext(db: Executor, caller: Caller, id: number): Promise<ConversationContext> {
  const row = await repo.findConversation(db, id);
  if (!row) throw conversationNotFound();
  const members = await repo.membersOf(db, id);
  const me = members.find((m) => m.userId === caller.id);
  const reported = caller.user_type === 'admin' ? await moderationRepo.hasReport(db, id) : false;
  const unreadable = readRefusal({ userType: caller.user_type, isMember: Boolean(me), reported });
  if (unreadable) throw refused(unreadable);
  const pro = Boolean(me) && isProfessional(caller.user_type);
  const [tenderStatus, [label]] = await Promise.all([
    pro ? tenderStatusOn(db, row.projectId, caller.id) : null,
    pro ? projectLabelsByIds(db, [row.projectId]) : [],
  ]);
  return {
    row,
    members,
    me,
    writeRefused: writeRefusal({
      userType: caller.user_type,
      isMember: Boolean(me),
      tenderStatus,
      projectState: label?.state ?? null,
      suspended: Boolean(me?.writingSuspendedAt),
    }),
    reported,
  };
}

/** A message as its reader sees it; `attachments` its files (none once deleted, none to the members once hidden). */
export function messageView(
  row: repo.MessageRow,
  caller: Caller,
  now: Date,
  attachments: MessageAttachment[] = [],
  reference: MessageReference | null = null,
): MessageView {
  const hidden = hiddenFrom(row, caller.user_type);
  return {
    id: row.id,
    conversation_id: row.conversationId,
    author_id: row.authorId,
    body: hidden ? '' : shownBody(row.body, row.deletedAt),
    deleted: row.deletedAt !== null,
    created_at: row.createdAt.toISOString(),
    edited_at: row.editedAt?.toISOString() ?? null,
    can_edit: editRefusal(row, caller.id, now) === null,
    attachments: row.deletedAt || hidden ? [] : attachments,
    reference: row.deletedAt || hidden ? null : reference,
    hidden: row.hiddenAt !== null,
    hidden_reason: caller.user_type === 'admin' ? row.hiddenReason : null,
  };
}

/** The conversation's header: its project, its members and how far each has read, the caller's write access. */
export async function conversationView(db: Executor, caller: Caller, context: ConversationContext): Promise<ConversationView> {
  const { row, members, me, writeRefused, reported } = context;
  const [labels, people, unread] = await Promise.all([
    projectLabelsByIds(db, [row.projectId]),
    peopleByIds(
      db,
      members.map((m) => m.userId),
    ),
    me ? repo.unreadIn(db, row.id, me) : 0,
  ]);
  return {
    id: row.id,
    project: projectOf(labels[0], row.projectId),
    members: members.map((m) => ({
      ...(people.get(m.userId) ?? unknownPerson(m.userId)),
      last_read_message_id: m.lastReadMessageId,
      last_read_at: m.lastReadAt?.toISOString() ?? null,
    })),
    created_at: row.createdAt.toISOString(),
    unread,
    can_write: writeRefused === null,
    read_only: writeRefused ? { code: writeRefused.code, message: writeRefused.message, params: writeRefused.params } : null,
    reported,
  };
}

export async function getConversation(deps: AppDeps, caller: Caller, id: number): Promise<ConversationView> {
  return conversationView(deps.db, caller, await conversationContext(deps.db, caller, id));
}

/** A page of messages, newest last; `before`: the page ends just before that message. One indexed query, one for the files. */
export async function listMessages(deps: AppDeps, caller: Caller, id: number, query: { before?: number; limit: number }): Promise<MessagePage> {
  // The members passed access control; the admin reads only his own or a reported conversation.
  if (caller.user_type === 'admin') await conversationContext(deps.db, caller, id);
  const page = await repo.messagePage(deps.db, id, query.before, query.limit);
  const rows = page.slice(0, query.limit).reverse();
  const files = await repo.attachmentsOf(
    deps.db,
    rows.filter((r) => !r.deletedAt).map((r) => r.id),
  );
  const references = await referenceViews(
    deps,
    deps.db,
    caller,
    id,
    rows.filter((r) => !r.deletedAt).map((r) => r.id),
  );
  const now = deps.clock.now();
  return {
    items: rows.map((r) => messageView(r, caller, now, (files.get(r.id) ?? []).map(attachmentView), references.get(r.id) ?? null)),
    has_more: page.length > query.limit,
  };
}

/** The caller's conversations, unread first then by latest activity. */
export async function listConversations(deps: AppDeps, caller: Caller, query: { page: number; per_page: number }): Promise<ListPage<ConversationItem>> {
  const db = deps.db;
  const [rows, total] = await Promise.all([
    repo.conversationsOf(db, caller.id, { limit: query.per_page, offset: (query.page - 1) * query.per_page }),
    repo.conversationCount(db, caller.id),
  ]);
  const counterpartOf = (r: repo.ConversationListRow) => (r.member_low === caller.id ? r.member_high : r.member_low);
  const [labels, people, accepted] = await Promise.all([
    projectLabelsByIds(
      db,
      rows.map((r) => r.project_id),
    ),
    peopleByIds(db, rows.map(counterpartOf)),
    isProfessional(caller.user_type) ? acceptedProjectsOf(db, caller.id) : Promise.resolve([]),
  ]);
  const labelById = new Map(labels.map((l) => [l.id, l]));
  const items = rows.map((r): ConversationItem => {
    const deleted = Boolean(r.last_deleted);
    const hidden = Boolean(r.last_hidden);
    return {
      id: r.id,
      project: projectOf(labelById.get(r.project_id), r.project_id),
      counterpart: people.get(counterpartOf(r)) ?? unknownPerson(counterpartOf(r)),
      last_message:
        r.last_id === null
          ? null
          : {
              id: Number(r.last_id),
              excerpt: hiddenFrom({ hiddenAt: hidden ? new Date() : null }, caller.user_type)
                ? ''
                : messageExcerpt(r.last_body ?? '', deleted ? new Date() : null),
              deleted,
              hidden,
              reference: !deleted && !hiddenFrom({ hiddenAt: hidden ? new Date() : null }, caller.user_type) && Boolean(r.last_reference),
              author_id: r.last_author_id!,
              created_at: new Date(Number(r.last_at_ms)).toISOString(),
            },
      unread: r.unread,
      can_write: !isProfessional(caller.user_type) || (accepted.includes(r.project_id) && labelById.get(r.project_id)?.state !== 'Annulé'),
    };
  });
  return { items, ...capTotal(total), page: query.page, per_page: query.per_page };
}

export async function unreadCount(deps: AppDeps, caller: Caller): Promise<{ unread: number }> {
  return { unread: await repo.unreadTotal(deps.db, caller.id) };
}
