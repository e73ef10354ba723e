import { eq } from 'drizzle-orm';
import { avenants, quotes, type Database } from '@ouvrage/db';
import { createUser } from '@ouvrage/db/testing';
import type { AvenantLotInput } from '@ouvrage/domain';
import { quoteInStatus } from '../invoices/factories';

/** One line added to the contract's first lot. */
export const addedLots = (): AvenantLotInput[] => [
  {
    lotIndex: 0,
    title: '',
    lines: [{ designation: 'Prise supplémentaire', quantityMilli: 2000, unit: 'u', unitPriceCents: 8_000, tvaRateBp: 1000, discountBp: 0 }],
  },
];

/**
 * An avenant `user` owns (owner kind `avenant`): a client is its client, anyone else its issuer.
 * Made in the database directly, sent (numbered A1) on a validated quote.
 */
export async function ownedAvenant(db: Database, user: { id: number; user_type: string }): Promise<number> {
  const isClient = user.user_type === 'client';
  const clientId = isClient ? user.id : (await createUser(db, { user_type: 'client' })).id;
  const issuerId = isClient ? (await createUser(db, { user_type: 'architecte', is_validate: 'Validé' })).id : user.id;
  const quoteId = await quoteInStatus(db, { issuerId, clientId });
  const [q] = await db.select({ projectId: quotes.projectId, number: quotes.number }).from(quotes).where(eq(quotes.id, quoteId));
  const at = new Date('2026-11-10T10:00:00Z');
  const [row] = await db
    .insert(avenants)
    .values({
      quoteId,
      projectId: q.projectId,
      issuerId,
      clientId,
      status: 'Envoyé',
      sequence: 1,
      number: `${q.number}-A1`,
      title: 'Prises supplémentaires',
      lots: addedLots(),
      createdAt: at,
      updatedAt: at,
      sentAt: at,
    })
    .returning({ id: avenants.id });
  return row.id;
}
