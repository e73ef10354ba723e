import { and, asc, desc, eq, inArray, max, or } from 'drizzle-orm';
import { dgds, type DgdRow, type Executor } from '@ouvrage/db';

/** The final accounts (migration 0052, decision 1222). */

export type { DgdRow };
export type DgdInsert = typeof dgds.$inferInsert;

export async function findDgd(db: Executor, id: number): Promise<DgdRow | undefined> {
  const [row] = await db.select().from(dgds).where(eq(dgds.id, id));
  return row;
}

/** The DGD, locked until the caller's transaction ends. */
export async function lockDgd(db: Executor, id: number): Promise<DgdRow | undefined> {
  const [row] = await db.select().from(dgds).where(eq(dgds.id, id)).for('update');
  return row;
}

/** The quote's DGDs, the latest first. */
export async function dgdsOfQuote(db: Executor, quoteId: number): Promise<DgdRow[]> {
  return db.select().from(dgds).where(eq(dgds.quoteId, quoteId)).orderBy(desc(dgds.sequence));
}

/** The quote's DGD issued or accepted, if any (at most one: the partial unique index). */
export async function openDgdOfQuote(db: Executor, quoteId: number): Promise<DgdRow | undefined> {
  const [row] = await db
    .select()
    .from(dgds)
    .where(and(eq(dgds.quoteId, quoteId), inArray(dgds.status, ['Émis', 'Accepté'])));
  return row;
}

/** The quote's next DGD sequence; the caller holds the quote's lock, so two establishments take 1 then 2. */
export async function nextSequence(db: Executor, quoteId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(dgds.sequence) })
    .from(dgds)
    .where(eq(dgds.quoteId, quoteId));
  return (row?.last ?? 0) + 1;
}

export async function insertDgd(db: Executor, values: DgdInsert): Promise<DgdRow> {
  const [row] = await db.insert(dgds).values(values).returning();
  return row;
}

/** Accepted once: false when it was no longer issued (accepted already, or disputed). */
export async function markAccepted(db: Executor, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(dgds)
    .set({ status: 'Accepté', acceptedAt: at })
    .where(and(eq(dgds.id, id), eq(dgds.status, 'Émis')))
    .returning({ id: dgds.id });
  return rows.length > 0;
}

/** Disputed once, with its reason: undefined when it was no longer issued. */
export async function markDisputed(db: Executor, id: number, at: Date, reason: string): Promise<DgdRow | undefined> {
  const [row] = await db
    .update(dgds)
    .set({ status: 'Contesté', disputedAt: at, disputeReason: reason })
    .where(and(eq(dgds.id, id), eq(dgds.status, 'Émis')))
    .returning();
  return row;
}

/** The people a DGD belongs to: its quote's issuer and client. */
export async function ownersOfDgd(db: Executor, id: number): Promise<number[] | null> {
  const row = await findDgd(db, id);
  return row ? [row.issuerId, row.clientId] : null;
}

/** Does a DGD name the user? Keeps the account from deletion (a DGD closes a contract's account). */
export async function dgdsNameUser(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: dgds.id })
    .from(dgds)
    .where(or(eq(dgds.issuerId, userId), eq(dgds.clientId, userId)))
    .limit(1);
  return Boolean(row);
}

/** A project's DGDs for its timeline, a professional's own only when `issuerId` is given. */
export async function dgdsOfProject(db: Executor, projectId: number, issuerId?: number): Promise<DgdRow[]> {
  return db
    .select()
    .from(dgds)
    .where(issuerId === undefined ? eq(dgds.projectId, projectId) : and(eq(dgds.projectId, projectId), eq(dgds.issuerId, issuerId)))
    .orderBy(asc(dgds.id));
}
