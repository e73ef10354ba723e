import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  bankStatementLines,
  bankStatements,
  bankTransfers,
  payments,
  type BankStatementLineInsert,
  type BankStatementLineRow,
  type BankStatementRow,
  type BankTransferRow,
  type Executor,
  type PaymentRow,
  type StatementLineStatus,
} from '@ouvrage/db';
import { cappedCount } from '../../lib/capped-count';

export type { BankStatementLineRow, BankStatementRow, BankTransferRow };

/** Bank transfers' SQL (decision 0731): `bank_transfers`, `bank_statements`, `bank_statement_lines`, and transfer payments. */

export interface TransferRow {
  payment: PaymentRow;
  transfer: BankTransferRow | null;
}

const transferSelect = { payment: payments, transfer: bankTransfers };

export async function insertTransfer(db: Executor, values: typeof bankTransfers.$inferInsert): Promise<void> {
  await db.insert(bankTransfers).values(values).onConflictDoNothing();
}

export async function updateTransfer(db: Executor, paymentId: number, values: Partial<typeof bankTransfers.$inferInsert>): Promise<void> {
  const rows = await db.update(bankTransfers).set(values).where(eq(bankTransfers.paymentId, paymentId)).returning({ id: bankTransfers.paymentId });
  if (!rows.length) await db.insert(bankTransfers).values({ paymentId, ...values });
}

export async function findTransfer(db: Executor, paymentId: number): Promise<TransferRow | undefined> {
  const [row] = await db
    .select(transferSelect)
    .from(payments)
    .leftJoin(bankTransfers, eq(bankTransfers.paymentId, payments.id))
    .where(eq(payments.id, paymentId));
  return row;
}

/** An invoice's transfers, newest first. */
export async function transfersOfInvoice(db: Executor, invoiceId: number): Promise<TransferRow[]> {
  return db
    .select(transferSelect)
    .from(payments)
    .leftJoin(bankTransfers, eq(bankTransfers.paymentId, payments.id))
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.method, 'virement')))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/** Declared transfers awaiting the admin's confirmation (index `payments_pending_idx`). */
export async function pendingTransfers(
  db: Executor,
  page: { limit: number; offset: number },
): Promise<{ rows: TransferRow[]; total: number; total_capped: boolean }> {
  const where = and(eq(payments.method, 'virement'), eq(payments.status, 'en_attente'));
  const [rows, total] = await Promise.all([
    db
      .select(transferSelect)
      .from(payments)
      .leftJoin(bankTransfers, eq(bankTransfers.paymentId, payments.id))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(page.limit)
      .offset(page.offset),
    cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(payments)
        .where(where),
    ),
  ]);
  return { rows, ...total };
}

/** Pending transfers of these invoices (a statement line settles the client's declaration). */
export async function pendingTransfersOf(db: Executor, invoiceIds: number[]): Promise<PaymentRow[]> {
  if (!invoiceIds.length) return [];
  return db
    .select()
    .from(payments)
    .where(and(inArray(payments.invoiceId, invoiceIds), eq(payments.method, 'virement'), eq(payments.status, 'en_attente')))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/** Invoices with a pending declared transfer of one of these amounts. */
export async function invoicesWithPendingAmount(db: Executor, amounts: number[]): Promise<Array<{ invoiceId: number; amountCents: number }>> {
  if (!amounts.length) return [];
  return db
    .select({ invoiceId: payments.invoiceId, amountCents: payments.amountCents })
    .from(payments)
    .where(and(eq(payments.method, 'virement'), eq(payments.status, 'en_attente'), inArray(payments.amountCents, [...new Set(amounts)])))
    .limit(1000);
}

// ---------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------

export async function insertStatement(db: Executor, values: typeof bankStatements.$inferInsert): Promise<BankStatementRow> {
  const [row] = await db.insert(bankStatements).values(values).returning();
  return row;
}

export async function insertLines(db: Executor, values: BankStatementLineInsert[]): Promise<BankStatementLineRow[]> {
  if (!values.length) return [];
  return db.insert(bankStatementLines).values(values).returning();
}

/** The hashes among these that some imported line already has. */
export async function knownHashes(db: Executor, hashes: string[]): Promise<Set<string>> {
  if (!hashes.length) return new Set();
  const rows = await db.selectDistinct({ hash: bankStatementLines.lineHash }).from(bankStatementLines).where(inArray(bankStatementLines.lineHash, hashes));
  return new Set(rows.map((r) => r.hash));
}

export async function lockLine(db: Executor, id: number): Promise<BankStatementLineRow | undefined> {
  const [row] = await db.select().from(bankStatementLines).where(eq(bankStatementLines.id, id)).for('update');
  return row;
}

/**
 * Serialises the confirmations of one bank line (one hash) until the transaction ends: two imports of
 * the same line confirmed at once then see each other, and the second is refused as already paid
 * instead of racing to the invoice.
 */
export async function lockLineHash(db: Executor, lineHash: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'bank-line:' + lineHash}))`);
}

/** A line of this hash already matched to a payment (the same bank line imported twice). */
export async function paidLineWithHash(db: Executor, hash: string): Promise<BankStatementLineRow | undefined> {
  const [row] = await db
    .select()
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.lineHash, hash), isNotNull(bankStatementLines.paymentId)))
    .limit(1);
  return row;
}

export async function updateLine(db: Executor, id: number, values: Partial<BankStatementLineInsert>): Promise<BankStatementLineRow> {
  const [row] = await db.update(bankStatementLines).set(values).where(eq(bankStatementLines.id, id)).returning();
  return row;
}

export async function listLines(
  db: Executor,
  status: StatementLineStatus,
  page: { limit: number; offset: number },
): Promise<{ rows: BankStatementLineRow[]; total: number; total_capped: boolean }> {
  const where = eq(bankStatementLines.status, status);
  const [rows, total] = await Promise.all([
    db.select().from(bankStatementLines).where(where).orderBy(desc(bankStatementLines.id)).limit(page.limit).offset(page.offset),
    cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(bankStatementLines)
        .where(where),
    ),
  ]);
  return { rows, ...total };
}

/** Whether an admin imported or decided statement lines (retention: accounting records). */
export async function statementsNameUser(db: Executor, userId: number): Promise<boolean> {
  const [a] = await db
    .select({ one: sql<number>`1` })
    .from(bankStatements)
    .where(eq(bankStatements.importedBy, userId))
    .limit(1);
  if (a) return true;
  const [b] = await db
    .select({ one: sql<number>`1` })
    .from(bankStatementLines)
    .where(eq(bankStatementLines.decidedBy, userId))
    .limit(1);
  return Boolean(b);
}
