import { and, asc, desc, eq, inArray, isNull, max, or, sql } from 'drizzle-orm';
import { avenants, type AvenantRow, type Executor } from '@ouvrage/db';
import type { AvenantLotInput } from '@ouvrage/domain';

/** Avenants (migration 0049, decision 1220). */

export type { AvenantRow };
export type AvenantInsert = typeof avenants.$inferInsert;

export async function findAvenant(db: Executor, id: number): Promise<AvenantRow | undefined> {
  const [row] = await db.select().from(avenants).where(eq(avenants.id, id));
  return row;
}

/** The avenant, locked until the caller's transaction ends. */
export async function lockAvenant(db: Executor, id: number): Promise<AvenantRow | undefined> {
  const [row] = await db.select().from(avenants).where(eq(avenants.id, id)).for('update');
  return row;
}

export async function avenantsOfQuote(db: Executor, quoteId: number): Promise<AvenantRow[]> {
  return db.select().from(avenants).where(eq(avenants.quoteId, quoteId)).orderBy(asc(avenants.id));
}

/** The lots of the quote's signed avenants, in the order of their numbers: what amends the contract. */
export async function signedAvenantLots(db: Executor, quoteId: number): Promise<AvenantLotInput[][]> {
  const rows = await db
    .select({ lots: avenants.lots })
    .from(avenants)
    .where(and(eq(avenants.quoteId, quoteId), eq(avenants.status, 'Signé')))
    .orderBy(asc(avenants.sequence));
  return rows.map((r) => r.lots);
}

/** The quote's signed avenants with their numbers, in the order they apply (the final account, decision 1222). */
export async function signedAvenantsOf(db: Executor, quoteId: number): Promise<Array<{ number: string; lots: AvenantLotInput[] }>> {
  const rows = await db
    .select({ number: avenants.number, lots: avenants.lots })
    .from(avenants)
    .where(and(eq(avenants.quoteId, quoteId), eq(avenants.status, 'Signé')))
    .orderBy(asc(avenants.sequence));
  return rows.map((r) => ({ number: r.number ?? '', lots: r.lots }));
}

/** How many of the quote's avenants wait for the client's answer (sent, not signed nor refused). */
export async function pendingAvenantCount(db: Executor, quoteId: number): Promise<number> {
  const rows = await db
    .select({ id: avenants.id })
    .from(avenants)
    .where(and(eq(avenants.quoteId, quoteId), eq(avenants.status, 'Envoyé')));
  return rows.length;
}

/** The quote's next avenant sequence; the caller holds the quote's lock, so two sends take 1 then 2. */
export async function nextSequence(db: Executor, quoteId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(avenants.sequence) })
    .from(avenants)
    .where(eq(avenants.quoteId, quoteId));
  return (row?.last ?? 0) + 1;
}

export async function insertAvenant(db: Executor, values: AvenantInsert): Promise<AvenantRow> {
  const [row] = await db.insert(avenants).values(values).returning();
  return row;
}

export async function updateAvenant(db: Executor, id: number, values: Partial<AvenantInsert>): Promise<AvenantRow> {
  const [row] = await db.update(avenants).set(values).where(eq(avenants.id, id)).returning();
  return row;
}

export async function deleteAvenant(db: Executor, id: number): Promise<void> {
  await db.delete(avenants).where(and(eq(avenants.id, id), eq(avenants.status, 'Brouillon')));
}

/** Set signed once: false when it was already signed (a second completion). */
export async function markSigned(db: Executor, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(avenants)
    .set({ status: 'Signé', signedAt: at, updatedAt: at })
    .where(and(eq(avenants.id, id), eq(avenants.status, 'Envoyé'), isNull(avenants.signedAt)))
    .returning({ id: avenants.id });
  return rows.length > 0;
}

/** The people an avenant belongs to: its quote's issuer and client. */
export async function ownersOfAvenant(db: Executor, id: number): Promise<number[] | null> {
  const row = await findAvenant(db, id);
  return row ? [row.issuerId, row.clientId] : null;
}

/** Does an avenant name the user? Keeps the account from deletion (a signed avenant is part of a contract). */
export async function avenantsNameUser(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: avenants.id })
    .from(avenants)
    .where(and(or(eq(avenants.issuerId, userId), eq(avenants.clientId, userId)), sql`${avenants.status} <> 'Brouillon'`))
    .limit(1);
  return Boolean(row);
}

/** These avenants, or a project's, newest first (the cards of a conversation, decision 1230 « References »). */
export async function avenantRowsFor(db: Executor, select: { ids: number[] } | { projectId: number }): Promise<AvenantRow[]> {
  if ('ids' in select && select.ids.length === 0) return [];
  const where = 'ids' in select ? inArray(avenants.id, select.ids) : eq(avenants.projectId, select.projectId);
  return db.select().from(avenants).where(where).orderBy(desc(avenants.id));
}
