import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { payments, type Executor, type PaymentRow, type StoredPaymentStatus } from '@ouvrage/db';
import { cappedCount } from '../../lib/capped-count';

/** Payment lists (decision 0730): a user's (as client or as issuer), an invoice's. */

export async function listPaymentsOfUser(
  db: Executor,
  userId: number,
  options: { status?: StoredPaymentStatus; limit: number; offset: number },
): Promise<{ rows: PaymentRow[]; total: number; total_capped: boolean }> {
  const filters: SQL[] = [or(eq(payments.clientId, userId), eq(payments.issuerId, userId))!];
  if (options.status) filters.push(eq(payments.status, options.status));
  const where = and(...filters);
  const [rows, total] = await Promise.all([
    db.select().from(payments).where(where).orderBy(desc(payments.createdAt), desc(payments.id)).limit(options.limit).offset(options.offset),
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

export async function listPaymentsOfInvoice(db: Executor, invoiceId: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(desc(payments.createdAt), desc(payments.id));
}
