import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { mails, type Database, type Executor } from '@ouvrage/db';
import type { MailContent } from './templates';

export interface OutgoingMail extends MailContent {
  to: string;
}

const MAX_ATTEMPTS = 5;

/**
 * Outbox mailer: `queue` writes the mail in the caller's transaction, so a mail exists
 * exactly when the change that caused it was committed; `dispatch` then sends pending mails
 * over SMTP, or marks them `kept` (readable by the admin in the app) when no SMTP is set.
 */
export class Mailer {
  private transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly options: { smtpUrl?: string; from: string },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  async queue(executor: Executor, mail: OutgoingMail): Promise<void> {
    await executor.insert(mails).values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html });
  }

  /** Send what is pending; safe to call often, runs one batch at a time. */
  dispatch(): Promise<void> {
    this.running ??= this.dispatchBatch().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  startPolling(intervalMs = 5000): void {
    this.timer = setInterval(() => void this.dispatch().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
    this.transport?.close();
  }

  private async dispatchBatch(): Promise<void> {
    // Claim a batch atomically so that two instances never send the same mail.
    const pending = await this.db
      .update(mails)
      .set({ status: 'sending' })
      .where(
        inArray(
          mails.id,
          this.db
            .select({ id: mails.id })
            .from(mails)
            .where(and(inArray(mails.status, ['pending', 'failed']), lt(mails.attempts, MAX_ATTEMPTS)))
            .orderBy(asc(mails.id))
            .limit(50)
            .for('update', { skipLocked: true }),
        ),
      )
      .returning();
    for (const mail of pending) {
      if (!this.transport) {
        await this.db.update(mails).set({ status: 'kept' }).where(eq(mails.id, mail.id));
        continue;
      }
      try {
        await this.transport.sendMail({
          from: this.options.from,
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody ?? undefined,
        });
        await this.db.update(mails).set({ status: 'sent', sentAt: new Date(), attempts: sql`${mails.attempts} + 1` }).where(eq(mails.id, mail.id));
      } catch (error) {
        await this.db
          .update(mails)
          .set({ status: 'failed', attempts: sql`${mails.attempts} + 1`, lastError: String((error as Error).message).slice(0, 500) })
          .where(eq(mails.id, mail.id));
      }
    }
  }
}
