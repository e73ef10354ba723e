import type { Executor } from '@ouvrage/db';
import * as repo from './repository';

/** What another module reads of a quote's réception (the final account, decision 1222): its day, whether its PV is signed, its reservations. */
export interface QuoteReceptionFacts {
  id: number;
  receptionDate: string;
  signed: boolean;
  reservations: number;
}

export async function receptionOfQuote(db: Executor, quoteId: number): Promise<QuoteReceptionFacts | undefined> {
  const row = await repo.findReceptionOfQuote(db, quoteId);
  if (!row) return undefined;
  return { id: row.id, receptionDate: row.receptionDate, signed: row.signedAt !== null, reservations: (await repo.reservationsOf(db, row.id)).length };
}
