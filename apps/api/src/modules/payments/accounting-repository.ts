import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { bankTransfers, payments, type Executor } from '@ouvrage/db';

/** A confirmed payment as the accounting exports read it (issue 37 §3, decision 1210). */
export interface AccountingPayment {
  id: number;
  invoiceId: number;
  clientId: number;
  method: 'carte' | 'virement' | 'prelevement';
  amountCents: number;
  reference: string | null;
  confirmedAt: Date;
  /** A transfer's day of receipt as the admin or the bank statement gave it; null for a card. */
  receivedOn: string | null;
}

/**
 * An issuer's confirmed payments, in the order they were confirmed: all of them, since a transfer
 * received on 30 December and confirmed in January belongs to the year it was received.
 */
export async function confirmedPaymentsOf(db: Executor, issuerId: number): Promise<AccountingPayment[]> {
  const rows = await db
    .select({
      id: payments.id,
      invoiceId: payments.invoiceId,
      clientId: payments.clientId,
      method: payments.method,
      amountCents: payments.amountCents,
      reference: payments.reference,
      confirmedAt: payments.confirmedAt,
      receivedOn: bankTransfers.receivedOn,
    })
    .from(payments)
    .leftJoin(bankTransfers, eq(bankTransfers.paymentId, payments.id))
    .where(and(eq(payments.issuerId, issuerId), eq(payments.status, 'confirme'), isNotNull(payments.confirmedAt)))
    .orderBy(asc(payments.confirmedAt), asc(payments.id));
  return rows.map((r) => ({ ...r, confirmedAt: r.confirmedAt as Date }));
}
