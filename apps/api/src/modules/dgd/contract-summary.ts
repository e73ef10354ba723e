import type { Executor } from '@ouvrage/db';
import * as repo from './repository';

/** The quote's latest DGD as the project's contract view shows it (decision 1224), or null. */
export async function latestDgdOf(db: Executor, quoteId: number) {
  const rows = await repo.dgdsOfQuote(db, quoteId);
  const last = rows.reduce<(typeof rows)[number] | null>((a, b) => (!a || b.sequence > a.sequence ? b : a), null);
  return last ? { id: last.id, number: last.number, status: last.status, balanceCents: last.balanceCents, issuedAt: last.issuedAt } : null;
}
