import type { PriceReferenceParticipation } from '@ouvrage/contracts';
import type { AppDeps } from '../../lib/deps';
import { sentQuoteIdsOf } from '../quotes';
import * as repo from './repository';

export async function participation(deps: AppDeps, userId: number): Promise<PriceReferenceParticipation> {
  const since = await repo.optOutOf(deps.db, userId);
  return { contributes: since === null, opted_out_at: since?.toISOString() ?? null };
}

/**
 * Opting out removes the architect's contributions at once (their lines are recomputed at the next
 * refresh); opting back in notes his sent quotes for the next collection.
 */
export async function setParticipation(deps: AppDeps, userId: number, contributes: boolean): Promise<PriceReferenceParticipation> {
  await deps.db.transaction(async (tx) => {
    if (contributes) {
      await repo.deleteOptOut(tx, userId);
      await repo.addPending(tx, await sentQuoteIdsOf(tx, userId));
    } else {
      await repo.insertOptOut(tx, userId, deps.clock.now());
      await repo.markDirty(tx, await repo.deleteContributionsOf(tx, userId));
    }
  });
  return participation(deps, userId);
}
