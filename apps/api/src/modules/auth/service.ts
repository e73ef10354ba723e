import { randomUUID } from 'node:crypto';
import { dummyPasswordHash, hashPassword, verifyPassword, type UserRow } from '@ouvrage/db';
import type { DataUser, SessionData } from '@ouvrage/contracts';
import { isUserType } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { signAccessToken } from '../../lib/access-token';
import { AppError } from '../../lib/errors';
import { hashToken, newSecretToken } from '../../lib/tokens';
import { accountsOf } from './accounts';
import { issuePasswordLink } from './password-links';
import * as repo from './repository';

/** Two tabs refreshing at the same moment present the same token: not a theft. */
const REFRESH_RACE_GRACE_MS = 20_000;

export interface IssuedSession {
  session: SessionData;
  refreshToken: string;
}

export function toDataUser(user: UserRow): DataUser {
  if (!isUserType(user.userType)) throw new AppError('FORBIDDEN');
  return {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    user_type: user.userType,
    is_validate: user.isValidate,
  };
}

async function startSession(deps: AppDeps, user: UserRow, familyId: string, tx: Parameters<typeof repo.insertRefreshToken>[0]): Promise<IssuedSession> {
  const refreshToken = newSecretToken();
  await repo.insertRefreshToken(tx, {
    userId: user.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + deps.config.refreshTokenTtlDays * 86_400_000),
  });
  const token = await signAccessToken(user, deps.config.jwtSecret, deps.config.accessTokenTtlSeconds);
  return { session: { token, datauser: toDataUser(user) }, refreshToken };
}

export async function login(deps: AppDeps, email: string, password: string): Promise<IssuedSession> {
  // Per account, whatever the address: known and unknown e-mails are counted alike.
  if (await deps.loginThrottle.isBlocked(email)) {
    throw new AppError(
      'RATE_LIMITED',
      `Trop de tentatives de connexion pour ce compte. Réessayez dans ${deps.config.loginFailureWindowMinutes} minutes ou réinitialisez votre mot de passe.`,
    );
  }
  const user = await accountsOf(deps).byEmail(deps.db, email);
  // Compare against a dummy hash when the user is unknown so timing does not reveal accounts.
  const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !valid || user.anonymizedAt || !user.passwordHash) {
    await deps.loginThrottle.recordFailure(email);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await deps.loginThrottle.reset(email);
  return deps.db.transaction((tx) => startSession(deps, user, randomUUID(), tx));
}

/** Rotate a refresh token. Reusing an already rotated token revokes its whole family. */
export async function refresh(deps: AppDeps, presented: string | undefined): Promise<IssuedSession> {
  if (!presented) throw new AppError('UNAUTHENTICATED');
  const now = new Date();
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await repo.lockRefreshToken(tx, hashToken(presented));
    if (!row || row.revokedAt || row.expiresAt <= now) return null;
    if (row.replacedAt && now.getTime() - row.replacedAt.getTime() > REFRESH_RACE_GRACE_MS) {
      await repo.revokeFamily(tx, row.familyId, now);
      return 'reused' as const;
    }
    const user = await accountsOf(deps).byId(tx, row.userId);
    if (!user || user.anonymizedAt) return null;
    if (!row.replacedAt) await repo.markRefreshTokenReplaced(tx, row.id, now);
    return startSession(deps, user, row.familyId, tx);
  });
  if (!outcome || outcome === 'reused') throw new AppError('UNAUTHENTICATED');
  return outcome;
}

/**
 * End the session of the refresh cookie, and void the access tokens already issued to its user:
 * a copied access token dies with the logout. The user's other devices get a new access token
 * from their own refresh token. Without a cookie there is no session to end.
 */
export async function logout(deps: AppDeps, presented: string | undefined): Promise<void> {
  if (!presented) return;
  await deps.db.transaction(async (tx) => {
    const row = await repo.lockRefreshToken(tx, hashToken(presented));
    if (!row) return;
    await repo.revokeFamily(tx, row.familyId, new Date());
    await accountsOf(deps).bumpSessionVersion(tx, row.userId);
  });
}

/** The same answer whether or not the address has an account: a notice the web translates, and the French sentence. */
export const FORGOT_PASSWORD_ANSWER = {
  notice: 'PASSWORD_LINK_SENT',
  message: 'Si un compte existe pour cette adresse, un e-mail contenant un lien de réinitialisation vient de lui être envoyé.',
} as const;

/** Same answer whether or not the address has an account. */
export async function forgotPassword(deps: AppDeps, email: string): Promise<void> {
  const user = await accountsOf(deps).byEmail(deps.db, email);
  if (!user || user.anonymizedAt) return;
  await deps.db.transaction((tx) => issuePasswordLink(deps, tx, user, 'reset'));
  void deps.mailer.dispatch().catch(() => undefined);
}

export async function saveNewPassword(deps: AppDeps, token: string, password: string): Promise<void> {
  const now = new Date();
  const passwordHash = await hashPassword(password);
  const done = await deps.db.transaction(async (tx) => {
    const row = await repo.lockUsablePasswordToken(tx, hashToken(token), now);
    if (!row) return false;
    await repo.consumePasswordToken(tx, row.id, now);
    await accountsOf(deps).setPassword(tx, row.userId, passwordHash, now);
    await repo.revokeAllSessionsOf(tx, row.userId, now);
    return true;
  });
  if (!done) {
    throw new AppError(
      'PASSWORD_LINK_INVALID',
      'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.',
      { token: 'Ce lien de réinitialisation est invalide ou a expiré.' },
      {},
      400,
    );
  }
}
