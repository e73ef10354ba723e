import { and, asc, eq } from 'drizzle-orm';
import { calendarDateAt } from '@ouvrage/domain';
import type { DatabaseHandle } from '../client';
import { quoteLots, quotes, receptionReservations, receptions, users } from '../schema';

/**
 * A demo réception (development only, decision 0720): the demo architect's validated quote gets
 * its works received « avec réserves », one reservation open on its first lot. The PV is not
 * signed: the seed cannot make a sealed PDF (rendering and sealing live in the API, as for the
 * signed quotes of decision 0646); the demo client signs it on « Signer le procès-verbal ».
 * Runs after the demo invoices.
 */
export async function seedDemoReception({ db }: DatabaseHandle): Promise<void> {
  const [architect] = await db.select().from(users).where(eq(users.email, 'architecte@ouvrage.test'));
  if (!architect) return;
  const [quote] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.issuerId, architect.id), eq(quotes.status, 'Validé')))
    .orderBy(asc(quotes.id))
    .limit(1);
  if (!quote) return;
  if ((await db.select({ id: receptions.id }).from(receptions).where(eq(receptions.quoteId, quote.id)).limit(1)).length) return;
  const [lot] = await db.select().from(quoteLots).where(eq(quoteLots.quoteId, quote.id)).orderBy(asc(quoteLots.position)).limit(1);
  // Received a week after the contract was validated, never in the future.
  const validated = quote.validatedAt ?? quote.createdAt;
  const receivedAt = new Date(Math.min(validated.getTime() + 7 * 86_400_000, Date.now()));
  const receptionDate = calendarDateAt(receivedAt);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(receptions)
      .values({
        quoteId: quote.id,
        projectId: quote.projectId,
        issuerId: architect.id,
        clientId: quote.clientId,
        receptionDate,
        createdBy: architect.id,
        createdAt: receivedAt,
      })
      .returning({ id: receptions.id });
    if (lot) {
      await tx.insert(receptionReservations).values({
        receptionId: row.id,
        position: 0,
        lotIndex: 0,
        lotTitle: lot.title,
        description: 'Finitions à reprendre : joints et reprises de peinture autour des menuiseries.',
      });
    }
  });
}
