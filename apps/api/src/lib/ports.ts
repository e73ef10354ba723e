import type { Executor, MailAttachmentRef } from '@ouvrage/db';

/**
 * The job queue and the mailer as `AppDeps` carries them (decision 1180): interfaces here, in lib,
 * implemented by the jobs and mail modules (`JobQueue`, `Mailer`), so lib depends on no module.
 */

export interface JobContext {
  id: number;
  kind: string;
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when this worker lost its claim (lease expired and taken over). */
  signal: AbortSignal;
}

export type JobHandler = (payload: Record<string, unknown>, job: JobContext) => Promise<void>;

/** The background job queue: modules register handlers and kick it after a commit that enqueued jobs. */
export interface JobQueuePort {
  registerJobHandler(kind: string, handler: JobHandler): void;
  registerRecurringJob(kind: string, everyMs: number, handler: JobHandler): void;
  /** Jobs of each kind and status, read from the shared table (the metrics). */
  depth(): Promise<Array<{ kind: string; status: string; due: boolean; total: number }>>;
  /** Handlers running now in this process. */
  readonly running: number;
  scheduleRecurring(): Promise<void>;
  start(): void;
  /** Runs a pass now; never rejects. */
  kick(): Promise<void>;
  stop(): Promise<void>;
}

/** A mail's subject, plain text and HTML. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface OutgoingMail extends MailContent {
  to: string;
  /** Documents produced when the mail goes out (see `registerAttachmentResolver`), never stored in the mail row. */
  attachments?: MailAttachmentRef[];
}

/** A file attached at delivery. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** Produces the file an attachment reference names (a quote's PDF from its id, …). */
export type AttachmentResolver = (ref: string) => Promise<MailAttachment>;

/** The outbox mailer: a mail is written in the caller's transaction and sent by a job. */
export interface MailerPort {
  queue(executor: Executor, mail: OutgoingMail): Promise<void>;
  registerAttachmentResolver(kind: string, resolver: AttachmentResolver): void;
  resolveAttachments(refs: readonly MailAttachmentRef[] | null | undefined): Promise<MailAttachment[]>;
  /** Send what is pending now; never rejects. */
  dispatch(): Promise<void>;
  stop(): Promise<void>;
}
