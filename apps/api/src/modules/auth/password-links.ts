import type { Executor, UserRow } from '@ouvrage/db';
import type { AppDeps } from '../../lib/deps';
import { hashToken, newSecretToken } from '../../lib/tokens';
import { passwordResetMail, setPasswordMail, type InviteIntro } from '../mail';
import { expireUnusedPasswordTokens, insertPasswordToken } from './repository';

/** Invitation links (accounts created for someone) last longer than reset links. */
const INVITE_TTL_HOURS = 72;

/**
 * Create a single-use link to /reset-password and queue the mail, in the caller's transaction.
 * `reset`: forgot-password (1 hour). `invite`: an account created by a visitor's project or an admin.
 * The mail is in the user's language.
 */
export async function issuePasswordLink(
  deps: AppDeps,
  tx: Executor,
  user: Pick<UserRow, 'id' | 'email' | 'firstname' | 'language'>,
  purpose: 'reset' | 'invite',
  inviteIntro: InviteIntro = 'default',
): Promise<void> {
  const now = new Date();
  const token = newSecretToken();
  const minutes = purpose === 'reset' ? deps.config.passwordLinkTtlMinutes : INVITE_TTL_HOURS * 60;
  await expireUnusedPasswordTokens(tx, user.id, now);
  await insertPasswordToken(tx, {
    userId: user.id,
    tokenHash: hashToken(token),
    purpose,
    expiresAt: new Date(now.getTime() + minutes * 60_000),
  });
  const url = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const content =
    purpose === 'reset'
      ? passwordResetMail(user.language, user.firstname, url, minutes)
      : setPasswordMail(user.language, user.firstname, url, INVITE_TTL_HOURS, inviteIntro);
  await deps.mailer.queue(tx, { to: user.email, ...content });
}
