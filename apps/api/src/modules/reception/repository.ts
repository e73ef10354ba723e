import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { receptionReservations, receptions, type Executor, type ReceptionRow, type ReservationRow } from '@ouvrage/db';

/** Réceptions and their reservations (migration 0021, decision 0720). */

export type { ReceptionRow, ReservationRow };
export type ReceptionInsert = typeof receptions.$inferInsert;
export type ReservationInsert = typeof receptionReservations.$inferInsert;

export async function findReception(db: Executor, id: number): Promise<ReceptionRow | undefined> {
  const [row] = await db.select().from(receptions).where(eq(receptions.id, id));
  return row;
}

/** The réception, locked until the caller's transaction ends. */
export async function lockReception(db: Executor, id: number): Promise<ReceptionRow | undefined> {
  const [row] = await db.select().from(receptions).where(eq(receptions.id, id)).for('update');
  return row;
}

export async function findReceptionOfQuote(db: Executor, quoteId: number): Promise<ReceptionRow | undefined> {
  const [row] = await db.select().from(receptions).where(eq(receptions.quoteId, quoteId));
  return row;
}

export async function insertReception(db: Executor, values: ReceptionInsert): Promise<ReceptionRow> {
  const [row] = await db.insert(receptions).values(values).returning();
  return row;
}

export async function updateReception(db: Executor, id: number, values: Partial<ReceptionInsert>): Promise<ReceptionRow> {
  const [row] = await db.update(receptions).set(values).where(eq(receptions.id, id)).returning();
  return row;
}

/** Set `signed_at` once: false when it was already set (a second completion). */
export async function markSigned(db: Executor, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(receptions)
    .set({ signedAt: at })
    .where(and(eq(receptions.id, id), isNull(receptions.signedAt)))
    .returning({ id: receptions.id });
  return rows.length > 0;
}

export async function insertReservations(db: Executor, values: ReservationInsert[]): Promise<void> {
  if (values.length > 0) await db.insert(receptionReservations).values(values);
}

export async function reservationsOf(db: Executor, receptionId: number): Promise<ReservationRow[]> {
  return db.select().from(receptionReservations).where(eq(receptionReservations.receptionId, receptionId)).orderBy(asc(receptionReservations.position));
}

export async function findReservation(db: Executor, id: number): Promise<ReservationRow | undefined> {
  const [row] = await db.select().from(receptionReservations).where(eq(receptionReservations.id, id));
  return row;
}

export async function updateReservation(db: Executor, id: number, values: Partial<ReservationInsert>): Promise<ReservationRow> {
  const [row] = await db.update(receptionReservations).set(values).where(eq(receptionReservations.id, id)).returning();
  return row;
}

/** The people a réception belongs to: its issuer and its client. */
export async function ownersOfReception(db: Executor, id: number): Promise<number[] | null> {
  const row = await findReception(db, id);
  return row ? [row.issuerId, row.clientId] : null;
}

/** A reservation belongs to its réception's owners. */
export async function ownersOfReservation(db: Executor, id: number): Promise<number[] | null> {
  const reservation = await findReservation(db, id);
  return reservation ? ownersOfReception(db, reservation.receptionId) : null;
}

/** Does a réception name the user? Keeps the account from deletion (a signed PV is a legal record). */
export async function receptionsNameUser(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: receptions.id })
    .from(receptions)
    .where(or(eq(receptions.issuerId, userId), eq(receptions.clientId, userId), eq(receptions.createdBy, userId)))
    .limit(1);
  return Boolean(row);
}

/** Signed réceptions, retenue neither released nor reminded, received on or before `receivedBy`. */
export async function receptionsToRemind(db: Executor, receivedBy: string, limit = 200): Promise<ReceptionRow[]> {
  return db
    .select()
    .from(receptions)
    .where(
      and(
        isNotNull(receptions.signedAt),
        isNull(receptions.retentionReleasedOn),
        isNull(receptions.retentionRemindedAt),
        lte(receptions.receptionDate, receivedBy),
      ),
    )
    .orderBy(asc(receptions.receptionDate), asc(receptions.id))
    .limit(limit);
}

/** Claim the reminder once: false when another run already did (the row keeps the instant). */
export async function claimRetentionReminder(db: Executor, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(receptions)
    .set({ retentionRemindedAt: at })
    .where(and(eq(receptions.id, id), isNull(receptions.retentionRemindedAt)))
    .returning({ id: receptions.id });
  return rows.length > 0;
}

/** Open reservations per réception. */
export async function openReservationCounts(db: Executor, receptionIds: number[]): Promise<Map<number, number>> {
  if (receptionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: receptionReservations.receptionId, n: sql<number>`count(*)::int` })
    .from(receptionReservations)
    .where(and(inArray(receptionReservations.receptionId, receptionIds), isNull(receptionReservations.liftedOn)))
    .groupBy(receptionReservations.receptionId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** A project's réceptions (of one issuer when given), for its timeline (decision 0830). */
export async function receptionsOfProject(db: Executor, projectId: number, issuerId?: number): Promise<ReceptionRow[]> {
  return db
    .select()
    .from(receptions)
    .where(and(eq(receptions.projectId, projectId), issuerId === undefined ? undefined : eq(receptions.issuerId, issuerId)))
    .orderBy(asc(receptions.id));
}
