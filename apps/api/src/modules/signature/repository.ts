import { and, eq, gt } from 'drizzle-orm';
import { signingCodeSends, signingSessions, type Executor, type SigningSessionRow } from '@ouvrage/db';

/** Signing sessions and the codes sent for them (migration 0012). */

export type { SigningSessionRow };

/** The quote's session, locked until the caller's transaction ends. */
export async function lockSessionOfQuote(db: Executor, quoteId: number): Promise<SigningSessionRow | undefined> {
  const [row] = await db.select().from(signingSessions).where(eq(signingSessions.quoteId, quoteId)).for('update');
  return row;
}

export async function insertSession(db: Executor, values: typeof signingSessions.$inferInsert): Promise<SigningSessionRow> {
  const [row] = await db.insert(signingSessions).values(values).returning();
  return row;
}

export async function updateSession(db: Executor, id: number, values: Partial<typeof signingSessions.$inferInsert>): Promise<SigningSessionRow> {
  const [row] = await db.update(signingSessions).set(values).where(eq(signingSessions.id, id)).returning();
  return row;
}

/** The instants codes were sent for the session since `since`. */
export async function codesSentSince(db: Executor, sessionId: number, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ sentAt: signingCodeSends.sentAt })
    .from(signingCodeSends)
    .where(and(eq(signingCodeSends.sessionId, sessionId), gt(signingCodeSends.sentAt, since)));
  return rows.map((r) => r.sentAt);
}

export async function recordCodeSent(db: Executor, sessionId: number, sentAt: Date): Promise<void> {
  await db.insert(signingCodeSends).values({ sessionId, sentAt });
}
