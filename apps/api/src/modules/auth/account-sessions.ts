import type { Executor } from '@ouvrage/db';
import { hashToken } from '../../lib/tokens';
import * as repo from './repository';

/**
 * What the users module asks of the sessions this module keeps (decision 1190), in the caller's
 * transaction.
 */

/** After a password change: every other session signed out; the device presenting `currentRefreshToken` keeps its own. */
export async function revokeOtherSessions(tx: Executor, userId: number, now: Date, currentRefreshToken?: string): Promise<void> {
  let keepFamily: string | undefined;
  if (currentRefreshToken) {
    const current = await repo.findRefreshToken(tx, hashToken(currentRefreshToken));
    if (current?.userId === userId) keepFamily = current.familyId;
  }
  await repo.revokeAllSessionsOf(tx, userId, now, keepFamily);
}

/** An anonymised account: its refresh tokens and password links are deleted. */
export async function forgetSessions(tx: Executor, userId: number): Promise<void> {
  await repo.deleteSessionsOf(tx, userId);
}
