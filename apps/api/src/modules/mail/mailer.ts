import nodemailer, { type Transporter } from 'nodemailer';
import type { Executor, MailAttachmentRef } from '@ouvrage/db';
import { systemClock, type Clock } from '@ouvrage/domain';
import type { AttachmentResolver, JobQueuePort, MailAttachment, MailerPort, OutgoingMail } from '../../lib/ports';
import { enqueue } from '../jobs';
import * as repo from './repository';

export type { AttachmentResolver, MailAttachment, OutgoingMail };

export const MAIL_JOB = 'mail.send';
const MAX_ATTEMPTS = 5;

/**
 * Outbox mailer on the job queue: `queue` writes the mail and its `mail.send` job in the
 * caller's transaction, so a mail exists exactly when the change that caused it was committed;
 * the job handler sends it over SMTP, or marks it `kept` (readable by the admin in the app) when
 * no SMTP is set. A failed send is retried with backoff, then dead-lettered; a process that dies
 * mid-send leaves a claim that expires, and another worker sends the mail.
 */
export class Mailer implements MailerPort {
  private transport: Transporter | null;
  private readonly clock: Clock;
  private readonly resolvers = new Map<string, AttachmentResolver>();

  constructor(
    private readonly executor: Executor,
    private readonly jobs: JobQueuePort,
    private readonly options: { smtpUrl?: string; from: string; clock?: Clock },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
    this.clock = options.clock ?? systemClock;
    jobs.registerJobHandler(MAIL_JOB, async (payload) => this.send(Number(payload.mailId)));
  }

  async queue(executor: Executor, mail: OutgoingMail): Promise<void> {
    const mailId = await repo.insertMail(executor, mail);
    await enqueue(executor, { kind: MAIL_JOB, payload: { mailId }, idempotencyKey: `mail:${mailId}`, maxAttempts: MAX_ATTEMPTS });
  }

  /** Called once by the module that owns a kind of attachment (`quote-pdf`, …). */
  registerAttachmentResolver(kind: string, resolver: AttachmentResolver): void {
    if (this.resolvers.has(kind)) throw new Error(`Pièce jointe déjà enregistrée : ${kind}`);
    this.resolvers.set(kind, resolver);
  }

  /** The files of a mail's attachment references; an unknown kind is a programming error (the job retries, then dead-letters). */
  async resolveAttachments(refs: readonly MailAttachmentRef[] | null | undefined): Promise<MailAttachment[]> {
    const files: MailAttachment[] = [];
    for (const ref of refs ?? []) {
      const resolver = this.resolvers.get(ref.kind);
      if (!resolver) throw new Error(`Aucun producteur de pièce jointe pour « ${ref.kind} »`);
      files.push(await resolver(ref.ref));
    }
    return files;
  }

  /** Send what is pending now (kicks the job worker); safe to call often, never rejects. */
  dispatch(): Promise<void> {
    return this.jobs.kick();
  }

  async stop(): Promise<void> {
    this.transport?.close();
  }

  /** The `mail.send` handler. Throwing makes the queue retry it later. */
  private async send(mailId: number): Promise<void> {
    const mail = await repo.findMail(this.executor, mailId);
    // Gone, or already handled by an attempt whose end was not recorded: nothing to send again.
    if (!mail || mail.status === 'sent' || mail.status === 'kept') return;
    if (!this.transport) {
      await repo.markMail(this.executor, mailId, 'kept');
      return;
    }
    await repo.markMail(this.executor, mailId, 'sending');
    try {
      const attachments = await this.resolveAttachments(mail.attachments);
      await this.transport.sendMail({
        from: this.options.from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody ?? undefined,
        attachments,
      });
    } catch (error) {
      await repo.markMailFailed(this.executor, mailId, String((error as Error).message));
      throw error;
    }
    await repo.markMailSent(this.executor, mailId, this.clock.now());
  }
}
