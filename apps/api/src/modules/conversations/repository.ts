import { and, asc, count, desc, eq, gt, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import {
  conversationMembers,
  conversations,
  messageAttachments,
  messages,
  type ConversationMemberRow,
  type ConversationRow,
  type Executor,
  type MessageAttachmentRow,
  type MessageRow,
} from '@ouvrage/db';
import { sqlRows } from '../../lib/sql-rows';

/** Conversations, their members and messages (migration 0054, decision 1230). */

export type { ConversationMemberRow, ConversationRow, MessageAttachmentRow, MessageRow };

export async function findConversation(db: Executor, id: number): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row;
}

export async function findConversationOfPair(db: Executor, projectId: number, low: number, high: number): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.projectId, projectId), eq(conversations.memberLow, low), eq(conversations.memberHigh, high)));
  return row;
}

/**
 * The pair's conversation, created with its two members unless it exists: two openings at once
 * make one (the unique key; the loser reads the winner's).
 */
export async function insertConversation(
  db: Executor,
  values: { projectId: number; low: number; high: number; createdBy: number; at: Date },
): Promise<{ row: ConversationRow; created: boolean }> {
  const [row] = await db
    .insert(conversations)
    .values({ projectId: values.projectId, memberLow: values.low, memberHigh: values.high, createdBy: values.createdBy, createdAt: values.at })
    .onConflictDoNothing()
    .returning();
  if (!row) return { row: (await findConversationOfPair(db, values.projectId, values.low, values.high))!, created: false };
  await db.insert(conversationMembers).values([
    { conversationId: row.id, userId: values.low },
    { conversationId: row.id, userId: values.high },
  ]);
  return { row, created: true };
}

export async function membersOf(db: Executor, conversationId: number): Promise<ConversationMemberRow[]> {
  return db.select().from(conversationMembers).where(eq(conversationMembers.conversationId, conversationId)).orderBy(asc(conversationMembers.userId));
}

/** The people a conversation belongs to: its two members (owner kind `conversation`). */
export async function ownersOfConversation(db: Executor, id: number): Promise<number[] | null> {
  const row = await findConversation(db, id);
  return row ? [row.memberLow, row.memberHigh] : null;
}

/** A message's author (owner kind `conversation-message`): only they edit or delete it. */
export async function ownersOfMessage(db: Executor, id: number): Promise<number[] | null> {
  const [row] = await db.select({ authorId: messages.authorId }).from(messages).where(eq(messages.id, id));
  return row ? [row.authorId] : null;
}

/**
 * The people an attachment belongs to: the members of its message's conversation (owner kind
 * `conversation-attachment`), even once the message is deleted (the file is then a 404 to them).
 */
export async function ownersOfAttachment(db: Executor, id: number): Promise<number[] | null> {
  const [row] = await db
    .select({ low: conversations.memberLow, high: conversations.memberHigh })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messageAttachments.id, id));
  return row ? [row.low, row.high] : null;
}

/** Is the user a member of a conversation? Keeps the account from deletion (their messages name them). */
export async function conversationsNameUser(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: conversationMembers.conversationId }).from(conversationMembers).where(eq(conversationMembers.userId, userId)).limit(1);
  return Boolean(row);
}

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

export async function findMessage(db: Executor, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}

export async function lockMessage(db: Executor, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).for('update');
  return row;
}

export async function insertMessage(db: Executor, values: { conversationId: number; authorId: number; body: string; at: Date }): Promise<MessageRow> {
  const [row] = await db
    .insert(messages)
    .values({ conversationId: values.conversationId, authorId: values.authorId, body: values.body, createdAt: values.at })
    .returning();
  return row;
}

export async function updateMessageBody(db: Executor, id: number, body: string, at: Date): Promise<MessageRow> {
  const [row] = await db.update(messages).set({ body, editedAt: at }).where(eq(messages.id, id)).returning();
  return row;
}

/** Deleted: the row stays with its date, its text emptied. */
export async function markMessageDeleted(db: Executor, id: number, at: Date): Promise<MessageRow> {
  const [row] = await db.update(messages).set({ body: '', deletedAt: at }).where(eq(messages.id, id)).returning();
  return row;
}

/** How many messages the user sent in the window (`from`, `to`] (the rate limit), on the author index. */
export async function sentBetween(db: Executor, authorId: number, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.authorId, authorId), gt(messages.createdAt, from), lte(messages.createdAt, to)));
  return Number(row.n);
}

/**
 * A page of a conversation's messages, newest first, one more than `limit` (to tell whether older
 * ones remain): one range scan of the index (conversation_id, id) backwards from `before`, as fast
 * in a conversation of 10 000 messages as in one of 10.
 */
export async function messagePage(db: Executor, conversationId: number, before: number | undefined, limit: number): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(before === undefined ? eq(messages.conversationId, conversationId) : and(eq(messages.conversationId, conversationId), lt(messages.id, before)))
    .orderBy(desc(messages.id))
    .limit(limit + 1);
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/** Move the member's read mark up to `messageId`, never backwards; the member's row after it. */
export async function markRead(db: Executor, conversationId: number, userId: number, messageId: number, at: Date): Promise<ConversationMemberRow | undefined> {
  const [row] = await db
    .update(conversationMembers)
    .set({
      lastReadMessageId: sql`greatest(coalesce(${conversationMembers.lastReadMessageId}, 0), ${messageId})`,
      lastReadAt: at,
    })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)))
    .returning();
  return row;
}

/** The member's unread messages in one conversation: the other's, after the read mark, not deleted nor hidden by the moderation. */
export async function unreadIn(db: Executor, conversationId: number, member: { userId: number; lastReadMessageId: number | null }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        gt(messages.id, member.lastReadMessageId ?? 0),
        ne(messages.authorId, member.userId),
        sql`${messages.deletedAt} is null`,
        sql`${messages.hiddenAt} is null`,
      ),
    );
  return Number(row.n);
}

/** The user's unread messages across their conversations (the top bar's badge). */
export async function unreadTotal(db: Executor, userId: number): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`select count(*)::int as n
          from conversation_members m
          join messages g on g.conversation_id = m.conversation_id
           and g.id > coalesce(m.last_read_message_id, 0)
           and g.author_id <> m.user_id
           and g.deleted_at is null
           and g.hidden_at is null
         where m.user_id = ${userId}`,
  );
  return row.n;
}

export interface ConversationListRow {
  id: number;
  project_id: number;
  member_low: number;
  member_high: number;
  unread: number;
  last_id: number | null;
  last_author_id: number | null;
  last_body: string | null;
  last_at_ms: number | null;
  last_deleted: boolean | null;
  last_hidden: boolean | null;
  last_reference: boolean | null;
}

/**
 * The user's conversations, unread ones first, then by latest activity (the last message, or the
 * opening): one statement, each conversation's last message and unread count read on the index
 * (conversation_id, id).
 */
export async function conversationsOf(db: Executor, userId: number, page: { limit: number; offset: number }): Promise<ConversationListRow[]> {
  return sqlRows<ConversationListRow>(
    db,
    sql`select c.id, c.project_id, c.member_low, c.member_high, u.unread,
               l.id::float8 as last_id, l.author_id as last_author_id, l.body as last_body,
               (extract(epoch from l.created_at) * 1000)::float8 as last_at_ms, (l.deleted_at is not null) as last_deleted,
               (l.hidden_at is not null) as last_hidden,
               exists (select 1 from message_references r where r.message_id = l.id) as last_reference
          from conversation_members m
          join conversations c on c.id = m.conversation_id
          left join lateral (
            select g.id, g.author_id, g.body, g.created_at, g.deleted_at, g.hidden_at from messages g
             where g.conversation_id = c.id order by g.id desc limit 1
          ) l on true
          cross join lateral (
            select count(*)::int as unread from messages g
             where g.conversation_id = c.id and g.id > coalesce(m.last_read_message_id, 0)
               and g.author_id <> m.user_id and g.deleted_at is null and g.hidden_at is null
          ) u
         where m.user_id = ${userId}
         order by (u.unread > 0) desc, coalesce(l.created_at, c.created_at) desc, c.id desc
         limit ${page.limit} offset ${page.offset}`,
  );
}

/** How many conversations the user is a member of (the list's total). */
export async function conversationCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(conversationMembers).where(eq(conversationMembers.userId, userId));
  return Number(row.n);
}

/** Is the message one of the conversation's? */
export async function messageInConversation(db: Executor, conversationId: number, messageId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)));
  return Boolean(row);
}

/** Either member of the conversation (for the ids of both). */
export function otherMember(row: Pick<ConversationRow, 'memberLow' | 'memberHigh'>, userId: number): number {
  return row.memberLow === userId ? row.memberHigh : row.memberLow;
}

/** A member's messages from the other member, still unread and not yet mailed, sent before `before`. */
export interface UnmailedRow {
  conversation_id: number;
  user_id: number;
  author_id: number;
  count: number;
  last_id: number;
}

/**
 * The members to tell by e-mail (decision 1230): per member row, the other's messages unread, never
 * mailed, sent before `before` — the rows locked (`skip locked`) so that two instances mail once.
 */
export async function lockUnmailed(db: Executor, before: Date, limit: number): Promise<UnmailedRow[]> {
  return sqlRows<UnmailedRow>(
    db,
    sql`with due as (
          select m.conversation_id, m.user_id
            from conversation_members m
           where exists (
                   select 1 from messages g
                    where g.conversation_id = m.conversation_id
                      and g.id > greatest(coalesce(m.last_read_message_id, 0), coalesce(m.mailed_up_to_message_id, 0))
                      and g.author_id <> m.user_id
                      and g.deleted_at is null
                      and g.hidden_at is null
                      and g.created_at <= ${before})
           order by m.user_id
           limit ${limit}
           for update of m skip locked)
        select d.conversation_id, d.user_id, min(g.author_id)::int as author_id, count(*)::int as count, max(g.id)::bigint as last_id
          from due d
          join conversation_members m on m.conversation_id = d.conversation_id and m.user_id = d.user_id
          join messages g on g.conversation_id = d.conversation_id
           and g.id > greatest(coalesce(m.last_read_message_id, 0), coalesce(m.mailed_up_to_message_id, 0))
           and g.author_id <> d.user_id
           and g.deleted_at is null
           and g.hidden_at is null
           and g.created_at <= ${before}
         group by d.conversation_id, d.user_id`,
  ).then((rows) => rows.map((r) => ({ ...r, last_id: Number(r.last_id) })));
}

/** Those messages are told: never mailed again. */
export async function markMailed(db: Executor, conversationId: number, userId: number, upTo: number): Promise<void> {
  await db
    .update(conversationMembers)
    .set({ mailedUpToMessageId: upTo })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
}

// ---------------------------------------------------------------------------------------------
// Attachments (migration 0056)
// ---------------------------------------------------------------------------------------------

export type AttachmentInsert = Omit<typeof messageAttachments.$inferInsert, 'id' | 'messageId'>;

export async function insertAttachments(db: Executor, messageId: number, files: AttachmentInsert[]): Promise<MessageAttachmentRow[]> {
  if (files.length === 0) return [];
  return db
    .insert(messageAttachments)
    .values(files.map((f) => ({ ...f, messageId })))
    .returning();
}

/** The attachments of these messages, in order, by message: one statement for a page. */
export async function attachmentsOf(db: Executor, messageIds: number[]): Promise<Map<number, MessageAttachmentRow[]>> {
  const byMessage = new Map<number, MessageAttachmentRow[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select()
    .from(messageAttachments)
    .where(inArray(messageAttachments.messageId, messageIds))
    .orderBy(asc(messageAttachments.messageId), asc(messageAttachments.position));
  for (const row of rows) byMessage.set(row.messageId, [...(byMessage.get(row.messageId) ?? []), row]);
  return byMessage;
}

/** An attachment whose message is not deleted. */
export async function findLiveAttachment(db: Executor, id: number): Promise<MessageAttachmentRow | undefined> {
  const [row] = await db
    .select({ attachment: messageAttachments })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .where(and(eq(messageAttachments.id, id), isNull(messages.deletedAt)));
  return row?.attachment;
}

/** The storage keys of a message's attachments (it is being deleted: the files are removed after the commit, the rows stay). */
export async function attachmentKeysOf(db: Executor, messageId: number): Promise<string[]> {
  const rows = await db.select({ key: messageAttachments.storageKey }).from(messageAttachments).where(eq(messageAttachments.messageId, messageId));
  return rows.map((r) => r.key);
}
