import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  eInvoiceEvents,
  eInvoicePaymentStatuses,
  eInvoiceSubmissions,
  eInvoicingSettings,
  type EInvoiceEventRow,
  type EInvoicePaymentStatusRow,
  type EInvoiceSubmissionRow,
  type EInvoicingSettingsRow,
  type Executor,
} from '@ouvrage/db';

export type { EInvoiceEventRow, EInvoicePaymentStatusRow, EInvoiceSubmissionRow, EInvoicingSettingsRow };
type SettingsValues = Omit<typeof eInvoicingSettings.$inferInsert, 'userId'>;

export async function findSettings(db: Executor, userId: number): Promise<EInvoicingSettingsRow | undefined> {
  const [row] = await db.select().from(eInvoicingSettings).where(eq(eInvoicingSettings.userId, userId));
  return row;
}

export async function upsertSettings(db: Executor, userId: number, values: SettingsValues): Promise<EInvoicingSettingsRow> {
  const [row] = await db
    .insert(eInvoicingSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: eInvoicingSettings.userId, set: values })
    .returning();
  return row;
}

/** Issuers with a PA (own or delegated), in id order. */
export async function connectedSettings(db: Executor): Promise<EInvoicingSettingsRow[]> {
  return db.select().from(eInvoicingSettings).where(ne(eInvoicingSettings.paMode, 'none')).orderBy(asc(eInvoicingSettings.userId));
}

export async function allSettings(db: Executor): Promise<EInvoicingSettingsRow[]> {
  return db.select().from(eInvoicingSettings).orderBy(asc(eInvoicingSettings.userId));
}

export async function setCursor(db: Executor, userId: number, cursor: Date): Promise<void> {
  await db.update(eInvoicingSettings).set({ lifecycleCursor: cursor }).where(eq(eInvoicingSettings.userId, userId));
}

/** A submission for the document, created once (the unique invoice / credit note ids): null when it existed. */
export async function insertSubmission(db: Executor, values: typeof eInvoiceSubmissions.$inferInsert): Promise<EInvoiceSubmissionRow | null> {
  const [row] = await db.insert(eInvoiceSubmissions).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findSubmission(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<EInvoiceSubmissionRow | undefined> {
  const query = db.select().from(eInvoiceSubmissions).where(eq(eInvoiceSubmissions.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function submissionOfInvoice(db: Executor, invoiceId: number): Promise<EInvoiceSubmissionRow | undefined> {
  const [row] = await db.select().from(eInvoiceSubmissions).where(eq(eInvoiceSubmissions.invoiceId, invoiceId));
  return row;
}

export async function submissionsOfInvoices(db: Executor, invoiceIds: number[]): Promise<Array<Pick<EInvoiceSubmissionRow, 'invoiceId' | 'state'>>> {
  if (invoiceIds.length === 0) return [];
  return db
    .select({ invoiceId: eInvoiceSubmissions.invoiceId, state: eInvoiceSubmissions.state })
    .from(eInvoiceSubmissions)
    .where(inArray(eInvoiceSubmissions.invoiceId, invoiceIds));
}

/** The submission an issuer's PA event names: by its flow id, else by our tracking id (the document number), within the issuer's. */
export async function submissionForEvent(db: Executor, issuerId: number, flowId: string, trackingId: string): Promise<EInvoiceSubmissionRow | undefined> {
  const [byFlow] = await db
    .select()
    .from(eInvoiceSubmissions)
    .where(and(eq(eInvoiceSubmissions.issuerId, issuerId), eq(eInvoiceSubmissions.flowId, flowId)))
    .for('update');
  if (byFlow) return byFlow;
  const [byNumber] = await db
    .select()
    .from(eInvoiceSubmissions)
    .where(and(eq(eInvoiceSubmissions.issuerId, issuerId), eq(eInvoiceSubmissions.documentNumber, trackingId)))
    .for('update');
  return byNumber;
}

export async function updateSubmission(db: Executor, id: number, set: Partial<typeof eInvoiceSubmissions.$inferInsert>): Promise<EInvoiceSubmissionRow> {
  const [row] = await db.update(eInvoiceSubmissions).set(set).where(eq(eInvoiceSubmissions.id, id)).returning();
  return row;
}

export async function awaitingOf(db: Executor, issuerId: number): Promise<EInvoiceSubmissionRow[]> {
  return db
    .select()
    .from(eInvoiceSubmissions)
    .where(and(eq(eInvoiceSubmissions.issuerId, issuerId), inArray(eInvoiceSubmissions.state, ['failed', 'action'])))
    .orderBy(desc(eInvoiceSubmissions.updatedAt), desc(eInvoiceSubmissions.id))
    .limit(200);
}

export async function countsByIssuer(db: Executor): Promise<Array<{ issuerId: number; state: string; total: number }>> {
  return db
    .select({ issuerId: eInvoiceSubmissions.issuerId, state: eInvoiceSubmissions.state, total: sql<number>`count(*)::int` })
    .from(eInvoiceSubmissions)
    .groupBy(eInvoiceSubmissions.issuerId, eInvoiceSubmissions.state);
}

/** The event recorded once per (flow, message): null when it was already there (a replay). */
export async function insertEvent(db: Executor, values: typeof eInvoiceEvents.$inferInsert): Promise<EInvoiceEventRow | null> {
  const [row] = await db.insert(eInvoiceEvents).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** When the submission's newest applied status happened (null: none yet). */
export async function latestEventAt(db: Executor, submissionId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`max(${eInvoiceEvents.at})` })
    .from(eInvoiceEvents)
    .where(eq(eInvoiceEvents.submissionId, submissionId));
  return row?.at ? new Date(row.at) : null;
}

export async function eventsOf(db: Executor, submissionId: number): Promise<EInvoiceEventRow[]> {
  return db.select().from(eInvoiceEvents).where(eq(eInvoiceEvents.submissionId, submissionId)).orderBy(asc(eInvoiceEvents.at), asc(eInvoiceEvents.id));
}

export async function insertPaymentStatus(db: Executor, values: typeof eInvoicePaymentStatuses.$inferInsert): Promise<EInvoicePaymentStatusRow | null> {
  const [row] = await db.insert(eInvoicePaymentStatuses).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findPaymentStatus(db: Executor, paymentId: number): Promise<EInvoicePaymentStatusRow | undefined> {
  const [row] = await db.select().from(eInvoicePaymentStatuses).where(eq(eInvoicePaymentStatuses.paymentId, paymentId));
  return row;
}

export async function updatePaymentStatus(db: Executor, paymentId: number, set: Partial<typeof eInvoicePaymentStatuses.$inferInsert>): Promise<void> {
  await db.update(eInvoicePaymentStatuses).set(set).where(eq(eInvoicePaymentStatuses.paymentId, paymentId));
}
