import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  conversationMembers,
  conversationReadLog,
  conversationReports,
  messageAttachments,
  messages,
  type ConversationMemberRow,
  type ConversationReadLogRow,
  type ConversationReportRow,
  type Executor,
  type MessageRow,
} from '@ouvrage/db';
import { sqlRows } from '../../lib/sql-rows';

/** Reports, hidden messages, suspended writing and the read log (migration 0057, decision 1230 « Reports and moderation »). */

export type { ConversationReadLogRow, ConversationReportRow };

/** Has the conversation at least one report, open or closed? (The admin may then read it.) */
export async function hasReport(db: Executor, conversationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: conversationReports.id })
    .from(conversationReports)
    .where(eq(conversationReports.conversationId, conversationId))
    .limit(1);
  return Boolean(row);
}

export async function hasOpenReport(db: Executor, messageId: number, reporterId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: conversationReports.id })
    .from(conversationReports)
    .where(and(eq(conversationReports.messageId, messageId), eq(conversationReports.reporterId, reporterId), eq(conversationReports.status, 'open')))
    .limit(1);
  return Boolean(row);
}

/**
 * A new open report; undefined when the reporter already has one open on this message (the partial
 * unique index: two reports sent at once make one).
 */
export async function insertReport(
  db: Executor,
  values: { conversationId: number; messageId: number; reporterId: number; reason: string; details: string | null; at: Date },
): Promise<ConversationReportRow | undefined> {
  const [row] = await db
    .insert(conversationReports)
    .values({
      conversationId: values.conversationId,
      messageId: values.messageId,
      reporterId: values.reporterId,
      reason: values.reason,
      details: values.details,
      createdAt: values.at,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function lockReport(db: Executor, id: number): Promise<ConversationReportRow | undefined> {
  const [row] = await db.select().from(conversationReports).where(eq(conversationReports.id, id)).for('update');
  return row;
}

export async function closeReport(db: Executor, id: number, values: { status: string; at: Date; by: number }): Promise<ConversationReportRow> {
  const [row] = await db
    .update(conversationReports)
    .set({ status: values.status, closedAt: values.at, closedBy: values.by })
    .where(eq(conversationReports.id, id))
    .returning();
  return row;
}

/** A report with what the list shows of its message and conversation. */
export interface ReportListRow {
  id: number;
  conversation_id: number;
  project_id: number;
  message_id: number;
  reporter_id: number;
  author_id: number;
  reason: string;
  details: string | null;
  status: string;
  created_at_ms: number;
  closed_at_ms: number | null;
  body: string;
  message_at_ms: number;
  deleted: boolean;
  hidden: boolean;
}

const reportColumns = sql`r.id, r.conversation_id, c.project_id, r.message_id::float8 as message_id, r.reporter_id, g.author_id, r.reason, r.details, r.status,
       (extract(epoch from r.created_at) * 1000)::float8 as created_at_ms,
       (extract(epoch from r.closed_at) * 1000)::float8 as closed_at_ms,
       g.body, (extract(epoch from g.created_at) * 1000)::float8 as message_at_ms,
       (g.deleted_at is not null) as deleted, (g.hidden_at is not null) as hidden`;

/** The admin's list: open reports first, then the closed ones, the newest first in each. */
export async function reportsPage(db: Executor, page: { limit: number; offset: number }): Promise<ReportListRow[]> {
  return sqlRows<ReportListRow>(
    db,
    sql`select ${reportColumns}
          from conversation_reports r
          join messages g on g.id = r.message_id
          join conversations c on c.id = r.conversation_id
         order by (r.status = 'open') desc, r.created_at desc, r.id desc
         limit ${page.limit} offset ${page.offset}`,
  );
}

export async function reportCount(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(conversationReports);
  return Number(row.n);
}

/** One conversation's reports, open first, the newest first. */
export async function reportsOfConversation(db: Executor, conversationId: number): Promise<ReportListRow[]> {
  return sqlRows<ReportListRow>(
    db,
    sql`select ${reportColumns}
          from conversation_reports r
          join messages g on g.id = r.message_id
          join conversations c on c.id = r.conversation_id
         where r.conversation_id = ${conversationId}
         order by (r.status = 'open') desc, r.created_at desc, r.id desc`,
  );
}

export async function reportById(db: Executor, id: number): Promise<ReportListRow | undefined> {
  const [row] = await sqlRows<ReportListRow>(
    db,
    sql`select ${reportColumns}
          from conversation_reports r
          join messages g on g.id = r.message_id
          join conversations c on c.id = r.conversation_id
         where r.id = ${id}`,
  );
  return row;
}

/** Hide the message (the moderation's reason kept), or show it again with `null`. */
export async function setHidden(db: Executor, messageId: number, hidden: { at: Date; by: number; reason: string | null } | null): Promise<MessageRow> {
  const [row] = await db
    .update(messages)
    .set(hidden ? { hiddenAt: hidden.at, hiddenBy: hidden.by, hiddenReason: hidden.reason } : { hiddenAt: null, hiddenBy: null, hiddenReason: null })
    .where(eq(messages.id, messageId))
    .returning();
  return row;
}

/** Suspend the member's writing in the conversation, or lift it with `null`. */
export async function setSuspension(
  db: Executor,
  conversationId: number,
  userId: number,
  suspension: { at: Date; by: number; reason: string | null } | null,
): Promise<ConversationMemberRow | undefined> {
  const [row] = await db
    .update(conversationMembers)
    .set(
      suspension
        ? { writingSuspendedAt: suspension.at, writingSuspendedBy: suspension.by, writingSuspendedReason: suspension.reason }
        : { writingSuspendedAt: null, writingSuspendedBy: null, writingSuspendedReason: null },
    )
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)))
    .returning();
  return row;
}

/** The read mark of a member moved forward: one row of « who read what ». */
export async function logRead(db: Executor, values: { conversationId: number; userId: number; messageId: number; at: Date }): Promise<void> {
  await db.insert(conversationReadLog).values({ conversationId: values.conversationId, userId: values.userId, messageId: values.messageId, readAt: values.at });
}

/** The conversation's latest read-mark moves, the latest first (on the index (conversation_id, id)). */
export async function readLogOf(db: Executor, conversationId: number, limit: number): Promise<ConversationReadLogRow[]> {
  return db.select().from(conversationReadLog).where(eq(conversationReadLog.conversationId, conversationId)).orderBy(desc(conversationReadLog.id)).limit(limit);
}

/** An attachment's message, as its reader's rights need it: the conversation, hidden or not. */
export async function messageOfAttachment(db: Executor, attachmentId: number): Promise<{ conversationId: number; hiddenAt: Date | null } | undefined> {
  const [row] = await db
    .select({ conversationId: messages.conversationId, hiddenAt: messages.hiddenAt })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .where(eq(messageAttachments.id, attachmentId));
  return row;
}
