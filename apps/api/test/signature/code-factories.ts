import { eq } from 'drizzle-orm';
import { quoteLines, quotes, type Database } from '@ouvrage/db';
import { ownedQuote } from '../quotes/factories';

/** A quote `client` has accepted (status `Accepté`); `reducedTva` adds a chosen line at 10 %. */
export async function acceptedQuote(db: Database, client: { id: number }, options: { reducedTva?: boolean } = {}): Promise<number> {
  const id = await ownedQuote(db, { id: client.id, user_type: 'client' });
  await db.update(quotes).set({ status: 'Accepté', acceptedAt: new Date() }).where(eq(quotes.id, id));
  if (options.reducedTva) {
    const [line] = await db.select().from(quoteLines).where(eq(quoteLines.quoteId, id));
    await db.insert(quoteLines).values({
      quoteId: id,
      lotId: line.lotId,
      position: 1,
      designation: 'Isolation des combles',
      quantityMilli: 1000,
      unit: 'forfait',
      unitPriceCents: 5_000,
      tvaRateBp: 1000,
      netHtCents: 5_000,
    });
  }
  return id;
}
