import { hashPassword, verifyPassword } from '@ouvrage/db';
import type { ProfileView } from '@ouvrage/contracts';
import type { z } from 'zod';
import type { updateProfileBody } from '@ouvrage/contracts';
import { isUserType } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { invalid, notFound, refuse } from '../../lib/errors';
import { hashToken, newSecretToken } from '../../lib/tokens';
import { revokeOtherSessions } from '../auth';
import { confirmEmailMail, emailChangeAskedMail, passwordChangedMail } from './mails';
import { latestClientRequest } from './latest-client-request';
import * as repo from './repository';

const EMAIL_CHANGE_TTL_HOURS = 24;

export async function getProfile(deps: AppDeps, userId: number): Promise<ProfileView> {
  const user = await repo.findUser(deps.db, userId);
  if (!user || user.anonymizedAt || !isUserType(user.userType)) throw notFound('Utilisateur introuvable.');
  const pending = await repo.pendingEmailChange(deps.db, userId);
  const latest = user.userType === 'client' ? await latestClientRequest(deps, deps.db, userId) : null;
  return {
    id: user.id,
    civility: user.civility,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    phone: user.phone,
    country: user.country,
    user_type: user.userType,
    is_validate: user.isValidate,
    pending_email: pending?.newEmail ?? null,
    created_at: user.createdAt.toISOString(),
    latest_request: latest,
  };
}

export async function updateProfile(deps: AppDeps, userId: number, body: z.infer<typeof updateProfileBody>): Promise<ProfileView> {
  await repo.updateUser(deps.db, userId, {
    civility: body.civility ?? null,
    firstname: body.firstname,
    lastname: body.lastname,
    phone: body.phone,
    country: body.country,
  });
  return getProfile(deps, userId);
}

async function checkCurrentPassword(passwordHash: string | null, presented: string) {
  if (!passwordHash || !(await verifyPassword(presented, passwordHash))) {
    throw invalid({ current_password: 'Le mot de passe actuel est incorrect.' }, 'Le mot de passe actuel est incorrect.');
  }
}

/** Send a confirmation link to the new address; the e-mail changes only when it is followed. */
export async function requestEmailChange(deps: AppDeps, userId: number, newEmail: string, currentPassword: string) {
  const user = await repo.findUser(deps.db, userId);
  if (!user || user.anonymizedAt) throw notFound('Utilisateur introuvable.');
  await checkCurrentPassword(user.passwordHash, currentPassword);
  if (newEmail.toLowerCase() === user.email.toLowerCase()) throw invalid({ new_email: "C'est déjà votre adresse e-mail." });
  if (await repo.emailTakenByOther(deps.db, newEmail, userId)) {
    throw refuse(
      'EMAIL_TAKEN',
      'Cette adresse e-mail est déjà utilisée par un autre compte.',
      {},
      { new_email: 'Cette adresse est déjà utilisée par un autre compte.' },
    );
  }
  const token = newSecretToken();
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    await repo.replaceEmailChangeRequest(tx, {
      userId,
      newEmail,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_HOURS * 3_600_000),
      now,
    });
    const url = `${deps.config.publicUrl}/api/profil/confirm-email?token=${encodeURIComponent(token)}`;
    await deps.mailer.queue(tx, { to: newEmail, ...confirmEmailMail(user.language, user.firstname, EMAIL_CHANGE_TTL_HOURS, url) });
    await deps.mailer.queue(tx, { to: user.email, ...emailChangeAskedMail(user.language, user.firstname, newEmail) });
  });
  void deps.mailer.dispatch().catch(() => undefined);
}

/** Apply a confirmed e-mail change; false when the link is unknown, used or expired, or the address got taken. */
export async function confirmEmailChange(deps: AppDeps, token: string): Promise<boolean> {
  const now = new Date();
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await repo.lockEmailChangeRequest(tx, hashToken(token));
      if (!row || row.usedAt || row.expiresAt <= now) return false;
      await repo.useEmailChangeRequest(tx, row.id, now);
      if (await repo.emailTakenByOther(tx, row.newEmail, row.userId)) return false;
      await repo.updateUser(tx, row.userId, { email: row.newEmail, updatedAt: now });
      return true;
    });
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    if (e?.code === '23505' || e?.cause?.code === '23505') return false;
    throw error;
  }
}

/** Change the password with the current one; other sessions are signed out, this one stays. */
export async function changePassword(deps: AppDeps, userId: number, currentPassword: string, password: string, currentRefreshToken?: string) {
  const user = await repo.findUser(deps.db, userId);
  if (!user || user.anonymizedAt) throw notFound('Utilisateur introuvable.');
  await checkCurrentPassword(user.passwordHash, currentPassword);
  if (currentPassword === password) throw invalid({ password: "Le nouveau mot de passe doit être différent de l'actuel." });
  const passwordHash = await hashPassword(password);
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    // The new version voids access tokens already issued; this device refreshes from its kept family.
    await repo.setPassword(tx, userId, passwordHash, now);
    await revokeOtherSessions(tx, userId, now, currentRefreshToken);
    await deps.mailer.queue(tx, { to: user.email, ...passwordChangedMail(user.language, user.firstname) });
  });
  void deps.mailer.dispatch().catch(() => undefined);
}
