import { and, eq, gt } from 'drizzle-orm';
import { signingCodeSends, signingSessions, type Executor, type SigningSessionRow } from '@ouvrage/db';

/** Signing sessions (one per signature signer, migration 0014) and the codes sent for them (migration 0012). */

export type { SigningSessionRow };

/** The signer's session, locked until the caller's transaction ends. */
export async function lockSessionOfSigner(db: Executor, signerRef: number): Promise<SigningSessionRow | undefined> {
  const [row] = await db.select().from(signingSessions).where(eq(signingSessions.signerRef, signerRef)).for('update');
  return row;
}

export async function findSessionOfSigner(db: Executor, signerRef: number): Promise<SigningSessionRow | undefined> {
  const [row] = await db.select().from(signingSessions).where(eq(signingSessions.signerRef, signerRef));
  return row;
}

/** The session opened with a personal link (its token's SHA-256), even once the link is spent. */
export async function findSessionByLinkHash(db: Executor, linkTokenHash: string): Promise<SigningSessionRow | undefined> {
  const [row] = await db.select().from(signingSessions).where(eq(signingSessions.linkTokenHash, linkTokenHash));
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
