import type { Executor, MailAttachmentRef } from '@ouvrage/db';
import { isAppLink, isLegalNotification, wantsNotificationMail, type Language, type NotificationKind, type NotificationParams } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { enqueue } from '../jobs';
import type { MailContent } from '../mail';
import { notificationMail } from './messages';
import { recipientsOf } from './recipients';
import * as repo from './repository';

export const LIVE_JOB = 'notifications.live';

export interface NotifyInput {
  userId: number;
  kind: NotificationKind;
  /** Values the text interpolates: `amount` in cents, `date` as YYYY-MM-DD, the rest shown as is. */
  params?: NotificationParams;
  /** The record's page in the web app (`/devis/12`); the mail's button points there too. */
  link?: string | null;
  /** The event module's own mail, written in the three languages: the recipient gets it in theirs instead of the generic one (decision 1031). */
  localizedMail?: (language: Language) => MailContent;
  /** A French-only mail (older callers): French recipients get it, the others the generic one. Prefer `localizedMail`. */
  frenchMail?: MailContent;
  /** The address to mail when it is not the account's (a project's contact address). */
  to?: string;
  /** The mail's button when it is not the record's page (a signer's personal link); absolute. */
  mailUrl?: string;
  /** Files the mail carries (in every language). */
  attachments?: MailAttachmentRef[];
  /** The caller's own say on the mail (the tenders choice of /entreprise/preference): false keeps it. */
  mail?: boolean;
}

/**
 * Tell a user of an event (decisions 0800–0801), in the caller's transaction: the notification row
 * for the centre, the e-mail in the user's language unless they opted out of the kind (legal kinds
 * always mail), and a job that pushes the new unread count to their open pages once this
 * transaction commits. A user gone or anonymised gets nothing. Returns the notification id.
 */
export async function notify(tx: Executor, deps: AppDeps, input: NotifyInput): Promise<number | null> {
  const user = await recipientsOf(deps).recipient(tx, input.userId);
  if (!user) return null;
  const params = input.params ?? {};
  const link = input.link && isAppLink(input.link) ? input.link : null;
  const id = await repo.insertNotification(tx, { userId: user.id, kind: input.kind, params, link, createdAt: deps.clock.now() });

  const legal = isLegalNotification(input.kind);
  const wanted = legal || (input.mail !== false && wantsNotificationMail(input.kind, await repo.emailChoices(tx, user.id)));
  const to = input.to ?? user.email;
  if (wanted && to) {
    const url = input.mailUrl ?? (link ? `${deps.config.publicUrl}${link}` : null);
    const content = input.localizedMail
      ? input.localizedMail(user.language)
      : user.language === 'fr' && input.frenchMail
        ? input.frenchMail
        : notificationMail({ kind: input.kind, language: user.language, params, firstname: user.firstname, url, legal });
    await deps.mailer.queue(tx, { to, ...content, attachments: input.attachments });
  }
  await enqueue(tx, { kind: LIVE_JOB, payload: { userId: user.id }, idempotencyKey: `notification:${id}`, maxAttempts: 2 });
  return id;
}

/**
 * A record's earlier notifications that no longer hold (an invoice cancelled by a credit note no
 * longer asks to be paid: decision 1061) marked read, in the caller's transaction; the user's open
 * pages get the new unread count once it commits.
 */
export async function settleNotifications(tx: Executor, input: { userId: number; kinds: NotificationKind[]; link: string; at: Date }): Promise<void> {
  await repo.markReadAbout(tx, input.userId, input.kinds, input.link, input.at);
  await enqueue(tx, {
    kind: LIVE_JOB,
    payload: { userId: input.userId },
    idempotencyKey: `notification-settled:${input.userId}:${input.link}:${input.at.getTime()}`,
    maxAttempts: 2,
  });
}

/** The same notification to every admin. */
export async function notifyAdmins(tx: Executor, deps: AppDeps, input: Omit<NotifyInput, 'userId'>): Promise<void> {
  for (const userId of await recipientsOf(deps).adminIds(tx)) await notify(tx, deps, { ...input, userId });
}
