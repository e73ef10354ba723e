import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { passwordTokens, refreshTokens, type Executor } from '@ouvrage/db';

export async function insertRefreshToken(db: Executor, values: { userId: number; familyId: string; tokenHash: string; expiresAt: Date }) {
  await db.insert(refreshTokens).values(values);
}

/** Lock the refresh token row so two concurrent refreshes cannot both rotate it. */
export async function lockRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
  return row;
}

export async function markRefreshTokenReplaced(db: Executor, id: number, at: Date) {
  await db.update(refreshTokens).set({ replacedAt: at }).where(eq(refreshTokens.id, id));
}

export async function revokeFamily(db: Executor, familyId: string, at: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revoke the user's live refresh tokens, except those of the kept family (this device's session). */
export async function revokeAllSessionsOf(db: Executor, userId: number, at: Date, keepFamily?: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), ...(keepFamily ? [ne(refreshTokens.familyId, keepFamily)] : [])));
}

export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Everything that lets the account log in again: its refresh tokens and password links. */
export async function deleteSessionsOf(db: Executor, userId: number) {
  await db.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
  await db.delete(passwordTokens).where(eq(passwordTokens.userId, userId));
}

export async function insertPasswordToken(db: Executor, values: { userId: number; tokenHash: string; purpose: 'reset' | 'invite'; expiresAt: Date }) {
  await db.insert(passwordTokens).values(values);
}

/** Older unused links stop working when a new one is sent. */
export async function expireUnusedPasswordTokens(db: Executor, userId: number, at: Date) {
  await db
    .update(passwordTokens)
    .set({ usedAt: at })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
}

export async function lockUsablePasswordToken(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(passwordTokens)
    .where(and(eq(passwordTokens.tokenHash, tokenHash), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)))
    .for('update');
  return row;
}

export async function consumePasswordToken(db: Executor, id: number, at: Date) {
  await db.update(passwordTokens).set({ usedAt: at }).where(eq(passwordTokens.id, id));
}
