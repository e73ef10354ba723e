import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { mails, users, type Executor, type MailAttachmentRef } from '@ouvrage/db';
import type { Language } from '@ouvrage/domain';
import { cappedCount } from '../../lib/capped-count';

export async function insertMail(
  executor: Executor,
  mail: { to: string; subject: string; text: string; html?: string; attachments?: MailAttachmentRef[] },
): Promise<number> {
  const [row] = await executor
    .insert(mails)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      attachments: mail.attachments?.length ? mail.attachments : null,
    })
    .returning({ id: mails.id });
  return row.id;
}

export async function findMail(executor: Executor, id: number) {
  const [row] = await executor.select().from(mails).where(eq(mails.id, id));
  return row;
}

/** One page of the outbox, newest first; `to` keeps the mails to that address (case-insensitive). The outbox module's admin screen reads it. */
export async function listMails(db: Executor, q: { page: number; perPage: number; to?: string }) {
  const where = q.to ? sql`lower(${mails.toAddress}) = ${q.to.toLowerCase()}` : undefined;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(mails)
      .where(where)
      .orderBy(desc(mails.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(mails)
        .where(where),
    ),
  ]);
  return { rows, ...total };
}

export async function markMail(executor: Executor, id: number, status: 'sending' | 'kept') {
  await executor.update(mails).set({ status }).where(eq(mails.id, id));
}

export async function markMailSent(executor: Executor, id: number, now: Date) {
  await executor
    .update(mails)
    .set({ status: 'sent', sentAt: now, attempts: sql`${mails.attempts} + 1`, lastError: null })
    .where(eq(mails.id, id));
}

export async function markMailFailed(executor: Executor, id: number, error: string) {
  await executor
    .update(mails)
    .set({ status: 'failed', attempts: sql`${mails.attempts} + 1`, lastError: error.slice(0, 500) })
    .where(eq(mails.id, id));
}

/**
 * The language of the account a mail goes to, by id, else by address (not an anonymised account):
 * undefined without one. The users table is read here, not through the users module, which sends
 * mails itself (users → mail): the mail module cannot import it back.
 */
export async function accountLanguage(executor: Executor, to: { userId: number } | { email: string }): Promise<Language | undefined> {
  const where = 'userId' in to ? eq(users.id, to.userId) : and(eq(sql`lower(${users.email})`, to.email.trim().toLowerCase()), isNull(users.anonymizedAt));
  const [row] = await executor.select({ language: users.language }).from(users).where(where).limit(1);
  return row?.language;
}
