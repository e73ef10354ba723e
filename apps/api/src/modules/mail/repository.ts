import { eq, sql } from 'drizzle-orm';
import { mails, type Executor, type MailAttachmentRef } from '@ouvrage/db';

export async function insertMail(executor: Executor, mail: { to: string; subject: string; text: string; html?: string; attachments?: MailAttachmentRef[] }): Promise<number> {
  const [row] = await executor
    .insert(mails)
    .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html, attachments: mail.attachments?.length ? mail.attachments : null })
    .returning({ id: mails.id });
  return row.id;
}

export async function findMail(executor: Executor, id: number) {
  const [row] = await executor.select().from(mails).where(eq(mails.id, id));
  return row;
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
